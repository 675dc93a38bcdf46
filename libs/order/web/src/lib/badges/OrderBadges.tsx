import type { OrderPayment, OrderStatus } from '@dealership/order-schemas';
import { Badge } from '@mantine/core';
import { paymentLabel, type PaymentLabel } from '../format/order-format';

const STATUS_COLORS: Record<OrderStatus, string> = {
  'Not Process': 'gray',
  Processing: 'blue',
  Shipped: 'indigo',
  deliverd: 'teal',
  cancel: 'red',
};

/** The status as a read-only badge (the buyer's view; the admin gets a dropdown instead). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    // tt="none": the status reads exactly as stored ('deliverd', 'cancel').
    <Badge variant="light" color={STATUS_COLORS[status]} tt="none">
      {status}
    </Badge>
  );
}

const PAYMENT_COLORS: Record<PaymentLabel, string> = { Success: 'teal', Failed: 'red', Reservation: 'yellow' };

/** Success or Failed for a card payment, Reservation for an order to pay at the showroom. */
export function PaymentBadge({ payment }: { payment: Pick<OrderPayment, 'method' | 'success'> }) {
  const label = paymentLabel(payment);
  return (
    <Badge color={PAYMENT_COLORS[label]} variant="filled" tt="none">
      {label}
    </Badge>
  );
}
