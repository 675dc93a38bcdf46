import type { Car } from '@dealership/car-schemas';
import { COMPARE_MAX_CARS } from '@dealership/shared-util';
import { useCompare } from '@dealership/web-session';
import { notifyError } from '@dealership/web-ui';
import { Button, type ButtonProps } from '@mantine/core';

export interface CompareToggleProps extends Pick<ButtonProps, 'size'> {
  car: Pick<Car, 'slug' | 'name'>;
}

/** Picks a car for /compare or unpicks it; the compare bar at the foot of the page leads there. */
export function CompareToggle({ car, size = 'compact-sm' }: CompareToggleProps) {
  const compare = useCompare();
  const picked = compare.has(car.slug);
  const toggle = () => {
    if (!compare.toggle(car)) notifyError(`You can compare up to ${COMPARE_MAX_CARS} cars: remove one from the comparison first`);
  };
  return (
    <Button
      size={size}
      variant={picked ? 'filled' : 'light'}
      color={picked ? 'green.8' : 'navy'}
      aria-pressed={picked}
      aria-label={`Compare ${car.name}`}
      onClick={toggle}
    >
      {picked ? 'Comparing' : 'Compare'}
    </Button>
  );
}
