import { PageLoader } from '@dealership/web-ui';
import { type ComponentType, lazy, Suspense } from 'react';
import type { CarCostsExtra } from './CarCostsSection';

/**
 * A screen loaded when it is first opened, with a spinner under the admin menu meanwhile. The car
 * screens (the form with its uploader and number inputs, the card list) stay out of what every
 * admin screen downloads first, so the back office opens quickly on a phone.
 */
function onFirstUse<Props extends object>(load: () => Promise<ComponentType<Props>>, label: string): ComponentType<Props> {
  const Screen = lazy(async () => ({ default: await load() }));
  function LazyScreen(props: Props) {
    return (
      <Suspense fallback={<PageLoader label={label} />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}

/** All Cars, `/dashboard/admin/cars`. */
export const AdminCarsPage = onFirstUse(async () => (await import('./AdminCars.page')).AdminCarsPage, 'Loading cars…');

/** Create Car, `/dashboard/admin/create-product`. */
export const AdminCreateCarPage = onFirstUse(async () => (await import('./AdminCreateCar.page')).AdminCreateCarPage, 'Loading the form…');

/** Update Car, `/dashboard/admin/car/{slug}`. */
export const AdminUpdateCarPage = onFirstUse<{ costsExtra?: CarCostsExtra }>(async () => (await import('./AdminUpdateCar.page')).AdminUpdateCarPage, 'Loading the car…');
