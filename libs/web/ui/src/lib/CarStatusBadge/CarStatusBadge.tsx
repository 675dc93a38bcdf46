import type { CarStatus } from '@dealership/car-model';
import { Badge, type BadgeProps } from '@mantine/core';

/** Colours of the statuses a buyer must notice: a Reserved or Sold car cannot be ordered. */
const STATUS_COLOR: Record<Exclude<CarStatus, 'Available'>, string> = {
  Reserved: 'orange.9',
  Sold: 'red.9',
};

/** Whether a car in this status can be ordered. */
export function isOrderable(status: CarStatus): boolean {
  return status === 'Available';
}

export interface CarStatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  status: CarStatus;
}

/** 'Reserved' or 'Sold'; nothing for an Available car. */
export function CarStatusBadge({ status, variant = 'filled', ...props }: CarStatusBadgeProps) {
  if (status === 'Available') return null;
  return (
    <Badge color={STATUS_COLOR[status]} variant={variant} {...props}>
      {status}
    </Badge>
  );
}
