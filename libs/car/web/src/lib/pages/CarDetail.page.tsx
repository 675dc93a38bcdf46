import { META_DESCRIPTION_LENGTH, type Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatAmount, formatKes, metaDescription } from '@dealership/shared-util';
import { useCart } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import {
  Breadcrumb,
  breadcrumbJsonLd,
  carJsonLd,
  CarStatusBadge,
  deferredComponent,
  ErrorState,
  HeartIcon,
  IMAGE_FULL_WIDTH,
  imageSrcSet,
  isOrderable,
  notifySuccess,
  PageLoader,
  PhoneIcon,
  Seo,
  telHref,
  useSiteConfig,
  whatsappHref,
} from '@dealership/web-ui';
import { Anchor, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CompareToggle } from '../compare/CompareToggle';
import { CarGallery } from '../detail/CarGallery';
import type { SimilarCarsProps } from '../detail/SimilarCars';
import { TechSpecs } from '../detail/TechSpecs';
import { SpinGalleryCell } from '../spin/SpinButton';
import classes from './CarDetail.page.module.css';

/**
 * The brand's other cars, at the foot of the page: written by the server with it, their code (the
 * cards and their grid) comes after the page's, so the car page keeps within its 150 KB first load.
 */
const SimilarCars = deferredComponent<SimilarCarsProps>(async () => (await import('../detail/SimilarCars')).SimilarCars, {
  source: 'libs/car/web/src/lib/detail/SimilarCars.tsx',
  minHeight: 420,
  label: 'Loading similar cars…',
});

// Below the first paint, in one chunk after the page's (see after-first-paint.ts): the share row
// (server-rendered links) and "Recently viewed" (the browser's own list).
const afterFirstPaint = () => import('../detail/after-first-paint');
const ShareCar = lazy(async () => ({ default: (await afterFirstPaint()).ShareCar }));
const RecentlyViewed = lazy(async () => ({ default: (await afterFirstPaint()).RecentlyViewed }));

/** Why a Reserved or Sold car cannot be saved for an order (shown under the disabled button). */
export const UNAVAILABLE_EXPLANATION = {
  Reserved: 'This car is reserved by another buyer, so it cannot be saved or ordered. Call us to hear if it comes free.',
  Sold: 'This car has been sold, so it cannot be saved or ordered. Ask us about a similar one.',
} as const;

/** tRPC error codes that mean "no such car" (an unknown slug, or one that cannot be a slug). */
const MISSING_CODES: readonly string[] = ['NOT_FOUND', 'BAD_REQUEST'];

/**
 * The WhatsApp message a buyer sends about a car (spec §2: "I'm interested in the" name and KES
 * price), with its stock number and page (issue 43): the leads inbox recognises the car from either.
 */
export function whatsappMessage(car: Pick<Car, 'name' | 'price' | 'stockNumber' | 'slug'>, publicUrl: string): string {
  return `I'm interested in the ${car.name} (${formatKes(car.price)}), stock number ${car.stockNumber}: ${publicUrl}/car/${car.slug}`;
}

const relativeTime = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
// The dealer's time, the same on the server that renders the page and in any visitor's browser.
const fullDate = new Intl.DateTimeFormat('en-KE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Nairobi' });
/** "3 Dec": the day of a price cut, in Nairobi. */
const cutDate = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', timeZone: 'Africa/Nairobi' });

/**
 * A car's name whose hyphenated words (the model in "Mazda CX-5 2.5 Signature", "Honda HR-V") never
 * break at their hyphen on a narrow screen: each such word is kept whole; the text is unchanged.
 */
export function unbrokenHyphens(name: string): ReactNode {
  return name.split(/(\S*-\S*)/).map((part, index) =>
    part.includes('-') ? (
      <span key={index} className={classes.unbroken}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** "3 days ago" for a past timestamp (the 'Last updated' line). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relativeTime.format(Math.round(seconds / size), unit);
  }
  return relativeTime.format(0, 'second');
}

function CarNotFound() {
  return (
    <Container size="md" py={48}>
      <Seo title="Car Not Found" description="This car is no longer listed. Browse our other cars in Mombasa." noIndex />
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Car Not Found</Title>
        <Text c="gray.7" maw={480}>
          This car may have been sold or removed from our listings. Have a look at the rest of our stock.
        </Text>
        <Button component={Link} to={sitePath('cars')} size="md">
          Browse Our Inventory
        </Button>
      </Stack>
    </Container>
  );
}

function CarDetail({ car, enquiries, inspection }: { car: Car } & CarDetailPageProps) {
  const { publicUrl, dealerPhone, whatsappPhone = dealerPhone } = useSiteConfig();
  const { add } = useCart();
  const brand = car.brand;
  const related = trpc.car.related.useQuery({ carId: car.id, brandId: brand?.id ?? '' }, { enabled: brand !== null });
  const trail = [
    { label: 'Home', to: '/' },
    { label: 'Cars', to: sitePath('cars') },
    ...(brand ? [{ label: brand.name, to: sitePath('brand', { slug: brand.slug }) }] : []),
    { label: car.name },
  ];
  const logo = brand?.images[0];
  const orderable = isOrderable(car.status);

  const save = () => {
    add(car);
    notifySuccess('Added To Cart Successfully');
  };

  return (
    <Container size="xl" py={32}>
      <Seo
        title={`${car.year} ${car.name} for Sale in Mombasa`}
        description={metaDescription(car.description, META_DESCRIPTION_LENGTH)}
        path={sitePath('car', { slug: car.slug })}
        image={car.images[0]?.url}
        type="product"
        jsonLd={[carJsonLd(car, publicUrl), breadcrumbJsonLd(trail, publicUrl)]}
      />
      <Breadcrumb items={trail} />

      {/* A CSS grid rather than Mantine's Grid (1.6 KB gzip of JS): the page stays within its 150 KB budget. */}
      <div className={classes.columns}>
        <SpinGalleryCell carId={car.id} label={`${car.name} ${car.year}`}>
          <CarGallery images={car.images} name={car.name} />
        </SpinGalleryCell>
        <div>
          <Stack gap="md">
            {brand ? (
              <Anchor component={Link} to={sitePath('brand', { slug: brand.slug })} className={classes.brandBadge} underline="never">
                {logo ? (
                  <img
                    src={logo.url}
                    srcSet={imageSrcSet(logo.url, IMAGE_FULL_WIDTH.logo)}
                    sizes="32px"
                    alt=""
                    width={32}
                    height={32}
                    className={classes.brandLogo}
                  />
                ) : null}
                {brand.name}
              </Anchor>
            ) : null}
            <Title order={1} className={classes.title}>
              {unbrokenHyphens(car.name)}
            </Title>
            <Group gap="sm" align="center">
              <Text className={classes.price}>KES {formatAmount(car.price)}</Text>
              <Badge size="lg" color="amber.5" variant="filled" aria-label={`Model year ${car.year}`}>
                {car.year}
              </Badge>
              <CarStatusBadge status={car.status} size="lg" />
            </Group>
            {/* A car kept in a visitor's favourites from before may lack the field: optional. */}
            {car.priceReduction?.amount ? (
              <Text className={classes.reduced}>
                Reduced by KES {formatAmount(car.priceReduction.amount)} on <time dateTime={car.priceReduction.on}>{cutDate.format(new Date(car.priceReduction.on))}</time>
              </Text>
            ) : null}
            <Text size="sm" c="gray.7">
              Last updated {/* "3 minutes ago" may have moved on between the server's render and the browser's. */}
              <time dateTime={car.updatedAt} title={fullDate.format(new Date(car.updatedAt))} suppressHydrationWarning>
                {timeAgo(car.updatedAt)}
              </time>
            </Text>

            <Stack gap="xs">
              <Button
                size="md"
                leftSection={<HeartIcon size={18} />}
                onClick={save}
                disabled={!orderable}
                aria-describedby={orderable ? undefined : 'unavailable-note'}
              >
                Save to Favourites
              </Button>
              {car.status === 'Available' ? null : (
                <Text size="sm" c="gray.8" id="unavailable-note">
                  {UNAVAILABLE_EXPLANATION[car.status]}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <Button component={Link} to={sitePath('cart')} variant="light" size="md">
                  View Favourites
                </Button>
                <Button
                  component="a"
                  href={whatsappHref(whatsappPhone, whatsappMessage(car, publicUrl))}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="md"
                  color="green.8"
                >
                  WhatsApp Us
                </Button>
              </SimpleGrid>
              {enquiries?.(car, orderable)}
              <Group gap="md" justify="center">
                <Anchor component={Link} to={financingLink(car)} size="sm">
                  Monthly instalment calculator
                </Anchor>
                {car.condition === 'Foreign Used' ? (
                  <Anchor component={Link} to={importDutyLink(car)} size="sm">
                    Import duty on a car like this
                  </Anchor>
                ) : null}
              </Group>
              <CompareToggle car={car} size="md" />
              <Button component="a" href={telHref(dealerPhone)} variant="subtle" size="md" leftSection={<PhoneIcon width={18} height={18} />}>
                Call {dealerPhone}
              </Button>
              <Suspense>
                <ShareCar car={car} />
              </Suspense>
            </Stack>

            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-heading">
              <Title order={2} size="h4" id="overview-heading" mb="xs">
                Vehicle Overview
              </Title>
              <Text c="gray.8" className={classes.description}>
                {car.description}
              </Text>
            </Paper>
          </Stack>
        </div>
      </div>

      <Stack gap={48} mt={48}>
        <TechSpecs car={car} />
        {inspection?.(car)}
        {brand ? (
          <SimilarCars
            brandName={brand.name}
            cars={related.data}
            isLoading={related.isPending}
            isError={related.isError}
            onRetry={() => void related.refetch()}
          />
        ) : null}
        <Suspense>
          <RecentlyViewed excludeSlug={car.slug} />
        </Suspense>
      </Stack>
    </Container>
  );
}

/** The financing calculator for this car's price (the page starts from a 20% deposit). */
// Links built as text: their values are numbers and fixed words (no escaping needed), and
// URLSearchParams costs the page's script bytes it does not have.
const financingLink = (car: Car) => `${sitePath('financing')}?price=${car.price}&months=48`;

/**
 * The duty estimator with what the car tells of itself: its year (January), engine and fuel; the
 * buyer adds the CRSP value. The estimator reads the car's fuel: Electric takes its electric
 * rules, hybrids pay as petrol cars (`parseDutyQuery`).
 */
export const importDutyLink = (car: Car) =>
  `${sitePath('importDuty')}?registered=${car.year}-01&cc=${car.engineSize}&fuel=${encodeURIComponent(car.fuelType.toLowerCase())}`;

export interface CarDetailPageProps {
  /**
   * What other domains offer about this car, under its Save and WhatsApp buttons: the web app puts
   * the lead forms there (ask, test drive, financing). The car's page does not import them, so the
   * car and lead domains stand side by side; `orderable` is false for a Reserved or Sold car.
   */
  enquiries?: (car: Car, orderable: boolean) => ReactNode;
  /** The car's inspection report, under its specifications (the web app puts the inspection domain's there). */
  inspection?: (car: Car) => ReactNode;
}

/** Car detail (`/car/:slug`, spec §2). */
export function CarDetailPage({ enquiries, inspection }: CarDetailPageProps = {}) {
  const { slug = '' } = useParams();
  const car = trpc.car.bySlug.useQuery(
    { slug },
    // A missing car stays missing: show it at once instead of retrying.
    { retry: (failures, error) => !MISSING_CODES.includes(error.data?.code ?? '') && failures < 1 },
  );

  if (car.isPending) return <PageLoader label="Loading car details…" />;
  if (car.isError) {
    if (MISSING_CODES.includes(car.error.data?.code ?? '')) return <CarNotFound />;
    return (
      <Container size="md" py="xl">
        <Seo title="Car Details" description="Car details from our dealership in Mombasa, Kenya." noIndex />
        <ErrorState title="Could not load this car" onRetry={() => void car.refetch()} retrying={car.isFetching} />
      </Container>
    );
  }
  return <CarDetail car={car.data} enquiries={enquiries} inspection={inspection} />;
}
