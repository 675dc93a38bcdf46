import type { Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { COMPARE_MAX_CARS } from '@dealership/shared-util';
import { compareHref, useCompare } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { CarStatusBadge, ErrorState, imageSrcSet, notifyError, notifySuccess, PageLoader, Seo } from '@dealership/web-ui';
import { Button, Container, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import classes from './Compare.module.css';
import { bestOf, COMPARE_ROWS, slugsFromQuery } from './compare-rows';

/** The cars side by side: a column per car, a row per spec field, the best value of a row marked. */
function CompareTable({ cars, onRemove }: { cars: Car[]; onRemove: (slug: string) => void }) {
  return (
    <div className={classes.scroller} style={{ '--compare-cars': cars.length } as CSSProperties}>
      <table className={classes.table}>
        <caption>
          <VisuallyHidden>Comparison of {cars.map((car) => car.name).join(', ')}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <td className={classes.field} />
            {cars.map((car) => {
              const image = car.images[0];
              return (
                <th key={car.id} scope="col" className={classes.carHead}>
                  <Stack gap={6}>
                    {image ? (
                      <img
                        src={image.url}
                        srcSet={imageSrcSet(image.url)}
                        sizes="(min-width: 62em) 240px, 60vw"
                        alt=""
                        width={480}
                        height={320}
                        loading="lazy"
                        decoding="async"
                        className={classes.photo}
                      />
                    ) : null}
                    <Text component={Link} to={sitePath('car', { slug: car.slug })} fw={700} c="navy.8" lh={1.3}>
                      {car.name}
                    </Text>
                    <CarStatusBadge status={car.status} size="sm" />
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-xs"
                      onClick={() => onRemove(car.slug)}
                      className={classes.noPrint}
                      style={{ alignSelf: 'flex-start' }}
                      aria-label={`Remove ${car.name} from the comparison`}
                    >
                      Remove
                    </Button>
                  </Stack>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {COMPARE_ROWS.map((row) => {
            const best = bestOf(row, cars);
            return (
              <tr key={row.label}>
                <th scope="row" className={classes.field}>
                  {row.label}
                </th>
                {cars.map((car) => (
                  <td key={car.id} className={best.has(car.id) ? classes.best : undefined}>
                    {row.value(car)}
                    {best.has(car.id) ? <span className={classes.bestMark}>Best</span> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** `/compare?cars=a,b,c`: 2-4 cars side by side; the URL is the comparison, so it can be shared and printed. */
export function ComparePage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const slugs = slugsFromQuery(searchParams.get('cars'), COMPARE_MAX_CARS);
  const picked = useCompare();
  const query = trpc.car.compare.useQuery({ slugs }, { enabled: slugs.length > 0 });

  const remove = (slug: string) => {
    picked.remove(slug);
    const rest = slugs.filter((other) => other !== slug);
    // Built by hand, not with URLSearchParams: a shared link keeps its commas readable (`a,b`, not `a%2Cb`).
    void navigate(rest.length ? compareHref(rest) : sitePath('compare'), { replace: true });
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notifySuccess('Link copied: share it to show this comparison');
    } catch {
      notifyError('Could not copy the link: copy it from the address bar');
    }
  };

  let body;
  if (slugs.length === 0) {
    const canCompare = picked.count > 0;
    body = (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text fw={700}>Pick 2 to 4 cars to compare them side by side.</Text>
        <Text c="gray.7" mt="xs">
          Use Compare on a car, or compare the cars in your favourites.
        </Text>
        <Group justify="center" mt="md" gap="sm">
          {canCompare ? (
            <Button component={Link} to={picked.href}>
              Compare your {picked.count === 1 ? 'picked car' : `${picked.count} picked cars`}
            </Button>
          ) : null}
          <Button component={Link} to={sitePath('cars')} variant={canCompare ? 'default' : 'filled'}>
            Browse All Vehicles
          </Button>
        </Group>
      </Paper>
    );
  } else if (query.isPending) {
    body = <PageLoader label="Loading the cars…" minHeight={320} />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title="Could not load the cars"
        message="Please check your connection and try again."
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text fw={700}>These cars are no longer listed.</Text>
        <Button component={Link} to={sitePath('cars')} mt="md">
          Browse All Vehicles
        </Button>
      </Paper>
    );
  } else {
    const cars = query.data;
    const missing = slugs.length - cars.length;
    body = (
      <Stack gap="md">
        {missing > 0 ? (
          <Text c="gray.7" size="sm">
            {missing === 1 ? 'One of the cars in this link is' : `${missing} of the cars in this link are`} no longer listed.
          </Text>
        ) : null}
        <CompareTable cars={cars} onRemove={remove} />
        {cars.length < COMPARE_MAX_CARS ? (
          <Text size="sm" c="gray.7" className={classes.noPrint}>
            {cars.length === 1 ? 'Add another car to compare: ' : 'Add up to 4 cars: '}
            <Text component={Link} to={sitePath('cars')} c="navy.7" fw={600} size="sm">
              browse the cars
            </Text>{' '}
            and press Compare on the ones you like.
          </Text>
        ) : null}
      </Stack>
    );
  }

  const names = query.data?.map((car) => car.name) ?? [];
  return (
    <Container size="xl" py={40}>
      <Seo
        title={names.length ? `Compare ${names.join(' vs ')}` : 'Compare Cars'}
        description={
          names.length
            ? `${names.join(', ')} side by side: price, year, mileage, engine, safety and every spec.`
            : 'Compare up to four cars side by side: price, year, mileage, engine, safety and every spec.'
        }
        path={slugs.length ? compareHref(slugs) : sitePath('compare')}
        noIndex
      />
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <Title order={1}>Compare Cars</Title>
        {query.data?.length ? (
          <Group gap="xs" className={classes.noPrint}>
            <Button variant="default" onClick={() => void copyLink()}>
              Copy link
            </Button>
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        ) : null}
      </Group>
      {body}
    </Container>
  );
}
