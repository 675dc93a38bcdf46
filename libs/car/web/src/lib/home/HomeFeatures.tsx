import { sitePath } from '@dealership/shared-schemas';
import { Anchor, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './Home.module.css';

function FeatureIcon({ children }: { children: ReactNode }) {
  return (
    <span className={classes.featureIcon} aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </svg>
    </span>
  );
}

/** The home features (spec §2): payment security, 360-degree views, efficient import process. */
export const HOME_FEATURES = [
  {
    title: 'Secure Payments',
    // What the checkout does: M-Pesa Express and Braintree card payments, each confirmed to the buyer by SMS or email with its receipt or transaction number.
    text: 'Pay by M-Pesa or card through verified channels, Safaricom M-Pesa Express and Braintree, with the receipt sent to you by SMS or email for every payment.',
    icon: (
      <>
        <rect x="4" y="10" width="16" height="10" rx="2" />
        <path d="M8 10V7a4 4 0 0 1 8 0v3" />
      </>
    ),
  },
  {
    title: 'Detailed 360-Degree Views',
    text: 'See every car from all sides, inside and out, with clear photos and full specifications before you visit the showroom.',
    // The promise kept (issue 44): the cars whose 360-degree view turns on their page.
    link: { label: 'Cars with a 360° view', to: `${sitePath('cars')}?spin=1` },
    icon: (
      <>
        <circle cx="12" cy="12" r="3" />
        <path d="M3 12c2.5-4 5.5-6 9-6s6.5 2 9 6c-2.5 4-5.5 6-9 6s-6.5-2-9-6z" />
      </>
    ),
  },
  {
    title: 'Efficient Import Process',
    text: 'We source your car abroad, ship it to Mombasa and clear it through KRA for you, keeping you updated at every step.',
    icon: (
      <>
        <path d="M3 16l2-6h14l2 6" />
        <path d="M2 16h20l-2 4H4z" />
        <path d="M12 10V4M9 6l3-2 3 2" />
      </>
    ),
  },
] as const;

/** Three cards on why buying here is safe and easy. */
export function HomeFeatures() {
  return (
    <section aria-labelledby="features-heading">
      <Title order={2} id="features-heading" mb="lg">
        Buy With Confidence
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {HOME_FEATURES.map((feature) => (
          <Paper key={feature.title} withBorder radius="md" p="lg" component="article">
            <FeatureIcon>{feature.icon}</FeatureIcon>
            <Title order={3} size="h4" mt="md" mb="xs">
              {feature.title}
            </Title>
            <Text size="sm" c="gray.7">
              {feature.text}
            </Text>
            {'link' in feature ? (
              <Anchor component={Link} to={feature.link.to} size="sm" fw={600} mt="xs" display="inline-block">
                {feature.link.label}
              </Anchor>
            ) : null}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
