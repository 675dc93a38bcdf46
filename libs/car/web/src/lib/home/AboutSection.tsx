import type { Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FeaturedCarousel } from './FeaturedCarousel';
import classes from './Home.module.css';

/** Business claims shown on the site (spec §1). */
export const BUSINESS_CLAIMS = [
  { value: '100%', label: 'Delivery record' },
  { value: '10+', label: 'Years of experience' },
  { value: '500+', label: 'Happy customers' },
] as const;

export interface AboutSectionProps {
  featured: Car[] | undefined;
  featuredLoading: boolean;
}

/** The home page's about section with the featured-cars carousel (spec §2 Home). */
export function AboutSection({ featured, featuredLoading }: AboutSectionProps) {
  return (
    <section aria-labelledby="about-heading">
      <div className={classes.halves}>
        <div>
          <Stack gap="md">
            <Text className={classes.eyebrowDark}>About us</Text>
            <Title order={2} id="about-heading">
              Mombasa&apos;s Trusted Car Dealership
            </Title>
            <Text c="gray.8">
              For more than 10 years we have helped families and businesses across the coast find the right car: new, foreign-used and locally used, imported on
              your behalf, with financing and trade-ins available. Over 500 customers have bought from us. A car marked Inspected shows its 150-point
              inspection report on its page, and every car we have sold has been delivered: a 100% delivery record.
            </Text>
            <Group gap="sm">
              <Button component={Link} to={sitePath('cars')} size="md">
                Explore Our Inventory
              </Button>
              <Button component={Link} to={sitePath('contact')} size="md" variant="outline">
                Visit Our Showroom
              </Button>
            </Group>
          </Stack>
        </div>
        <FeaturedCarousel cars={featured} isLoading={featuredLoading} />
      </div>
    </section>
  );
}
