import { sitePath } from '@dealership/shared-schemas';
import type { Testimonial } from '@dealership/testimonial-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { autoDealerJsonLd, PageNav, QueryState, Seo, StarRating, useSiteConfig } from '@dealership/web-ui';
import { Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { testimonialCredit } from '../credit/testimonial-credit';

/** Testimonials per public page. */
export const PUBLIC_TESTIMONIAL_PAGE_SIZE = 12;

const DESCRIPTION = 'What our customers in Mombasa and across Kenya say about buying, importing and financing their cars with us.';

/** The page number in `?page=`, 1 when missing or not a page. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** One customer's words: stars, the quote, who said it. */
function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Paper withBorder radius="md" p="lg" component="figure" m={0}>
      <StarRating value={testimonial.rating} label={`${testimonial.name}'s rating`} />
      <Text component="blockquote" m={0} mt="sm" style={{ whiteSpace: 'pre-line' }}>
        {testimonial.quote}
      </Text>
      <Text component="figcaption" fw={600} mt="sm">
        — {testimonialCredit(testimonial)}
      </Text>
    </Paper>
  );
}

/** `/testimonials` (footer link): the testimonials the staff published, newest first. */
export function TestimonialsPage() {
  const site = useSiteConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const list = trpc.testimonial.list.useQuery({ page, pageSize: PUBLIC_TESTIMONIAL_PAGE_SIZE }, { placeholderData: keepPreviousData });

  const body = (
    <QueryState
      query={list}
      loadingLabel="Loading testimonials…"
      errorTitle="Could not load the testimonials"
      isEmpty={(data) => data.items.length === 0}
      empty={
        <>
          <Text fw={700}>No testimonials to show yet.</Text>
          <Button component={Link} to={sitePath('cars')} mt="md">
            Browse All Vehicles
          </Button>
        </>
      }
    >
      {(data) => (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {data.items.map((testimonial) => (
              <TestimonialCard key={testimonial.id} testimonial={testimonial} />
            ))}
          </SimpleGrid>
          <PageNav
            total={data.pageCount}
            page={page}
            onChange={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
            label="Testimonial pages"
          />
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Container size="lg" py={48}>
      <Seo
        title="Customer Testimonials"
        description={DESCRIPTION}
        path={page === 1 ? sitePath('testimonials') : `${sitePath('testimonials')}?page=${page}`}
        jsonLd={autoDealerJsonLd(site, {
          review: (list.data?.items ?? []).map((testimonial) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: testimonial.name },
            reviewBody: testimonial.quote,
            datePublished: testimonial.createdAt.slice(0, 10),
            reviewRating: { '@type': 'Rating', ratingValue: testimonial.rating, bestRating: 5 },
          })),
        })}
      />
      <Stack gap="xs" mb="xl">
        <Title order={1}>What Our Customers Say</Title>
        <Text c="gray.7" size="lg">
          Buyers from Mombasa and across Kenya on the cars they bought, imported and financed with us.
        </Text>
      </Stack>
      {body}
    </Container>
  );
}
