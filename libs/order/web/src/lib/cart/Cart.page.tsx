import { sitePath } from '@dealership/shared-schemas';
import { COMPARE_MAX_CARS, formatKes } from '@dealership/shared-util';
import { compareHref, useAuth, useCart } from '@dealership/web-session';
import { CarIcon, CarStatusBadge, imageVariant, notifySuccess, PhoneIcon, Seo, telHref, useSiteConfig } from '@dealership/web-ui';
import { Anchor, Button, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CheckoutBox } from '../checkout/CheckoutBox';
import { useCartQuote } from '../checkout/use-cart-quote';
import classes from './Cart.page.module.css';

/** 'You Have N items in your Favourites.' or ' Your Favourites Is Empty' (spec §2, leading space kept). */
export function favouritesSummary(count: number): string {
  return count > 0 ? `You Have ${count} items in your Favourites.` : ' Your Favourites Is Empty';
}

/** The favourites list (`/cart`, spec §2): saved cars, removal, and a call box with the total. */
export function CartPage() {
  const { dealerPhone } = useSiteConfig();
  const { session } = useAuth();
  const { items, count, total, remove } = useCart();
  const name = session?.user.name?.trim();
  const carIds = items.map((car) => car.id);
  // The favourites side by side (a car saved twice counts once).
  const uniqueSlugs = [...new Set(items.map((car) => car.slug))];
  const compareSlugs = uniqueSlugs.slice(0, COMPARE_MAX_CARS);
  // The server's word on each car's status (the saved copy may be days old); shared with the checkout.
  const quote = useCartQuote(carIds);
  const statusOf = (carId: string) => quote.data?.lines.find((line) => line.carId === carId)?.status;

  const removeAt = (index: number) => {
    remove(index);
    notifySuccess('Item Removed Successfully');
  };

  return (
    <Container size="xl" py={40}>
      <Seo title="Favourites" description="The cars you saved at our Mombasa dealership." path={sitePath('cart')} noIndex />
      <Stack gap={4} mb="xl">
        <Title order={1}>{name ? `Hello ${name}` : 'Hello Guest'}</Title>
        <Text c="gray.7" size="lg">
          {favouritesSummary(count)}
        </Text>
        {count > 0 ? (
          <Group mt="xs">
            {compareSlugs.length >= 2 ? (
              <Button component={Link} to={compareHref(compareSlugs)} variant="light">
                {uniqueSlugs.length > COMPARE_MAX_CARS
                  ? `Compare the first ${COMPARE_MAX_CARS} side by side`
                  : `Compare these ${compareSlugs.length} cars side by side`}
              </Button>
            ) : null}
            {/* The favourites live in this browser: the alerts page registers them with the server. */}
            <Button component={Link} to={`${sitePath('alerts', { page: 'watch' })}?favourites=1`} variant="default">
              Tell me when they drop in price
            </Button>
          </Group>
        ) : null}
      </Stack>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {count === 0 ? (
            <Paper withBorder radius="md" p="xl" ta="center">
              <Stack align="center" gap="sm">
                <Text c="gray.7">Tap Add To Likes on any car to keep it here.</Text>
                <Button component={Link} to={sitePath('cars')}>
                  Browse Our Inventory
                </Button>
              </Stack>
            </Paper>
          ) : (
            <Stack component="ul" gap="sm" className={classes.list} aria-label="Saved cars">
              {items.map((car, index) => {
                const image = car.images[0];
                const href = sitePath('car', { slug: car.slug });
                return (
                  // Duplicates are allowed (spec §4), so the position is part of the key.
                  <Paper component="li" key={`${car.id}-${index}`} withBorder radius="md" p="sm" className={classes.item}>
                    <Link to={href} className={classes.thumb} tabIndex={-1} aria-hidden="true">
                      {image ? (
                        <img src={imageVariant(image.url, 240)} alt="" width={144} height={96} loading="lazy" decoding="async" />
                      ) : (
                        <CarIcon size={40} />
                      )}
                    </Link>
                    <Stack gap={2} className={classes.info}>
                      {car.brand ? (
                        <Text size="sm" c="gray.7" fw={600}>
                          {car.brand.name}
                        </Text>
                      ) : null}
                      <Anchor component={Link} to={href} fw={700} c="navy.9" className={classes.name}>
                        {car.name}
                      </Anchor>
                      <CarStatusBadge status={statusOf(car.id) ?? 'Available'} size="sm" className={classes.status} />
                      <Text fw={800} c="navy.8">
                        {formatKes(car.price)}
                      </Text>
                    </Stack>
                    <Button variant="subtle" color="red.8" onClick={() => removeAt(index)} aria-label={`Remove ${car.name}`} className={classes.remove}>
                      Remove
                    </Button>
                  </Paper>
                );
              })}
            </Stack>
          )}
          <div className={classes.checkout}>
            <CheckoutBox carIds={carIds} />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="lg" component="aside" aria-labelledby="call-heading" className={classes.callBox}>
            <Title order={2} size="h3" id="call-heading" mb="sm">
              Give us a Call Today
            </Title>
            <Text size="sm" c="gray.7" mb="md">
              Talk to our team in Mombasa about price, financing, trade-ins or a viewing.
            </Text>
            <Button component="a" href={telHref(dealerPhone)} fullWidth size="md" leftSection={<PhoneIcon width={18} height={18} />}>
              {dealerPhone}
            </Button>
            <Group justify="space-between" mt="lg" className={classes.total}>
              <Text fw={600}>Total</Text>
              <Text fw={800} fz="xl" c="navy.8">
                {formatKes(total)}
              </Text>
            </Group>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
