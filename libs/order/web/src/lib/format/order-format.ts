import { type Order, type OrderPayment, type PaymentMethod, orderNumber as orderNumberOf } from '@dealership/order-schemas';

/**
 * The number a buyer and the dealer quote for an order: the first eight characters of its id, in
 * capitals ("3F2A9C1B"). Short enough to read over the phone, and what the receipt prints.
 */
export function orderNumber(order: Pick<Order, 'id'>): string {
  return orderNumberOf(order.id);
}

/** The payment badge's word (spec §2 "Manage Orders"): Success or Failed for a card, Reservation for an order paid at the showroom. */
export type PaymentLabel = 'Success' | 'Failed' | 'Reservation';

export function paymentLabel(payment: Pick<OrderPayment, 'method' | 'success'>): PaymentLabel {
  if (payment.method === 'reservation') return 'Reservation';
  return payment.success ? 'Success' : 'Failed';
}

const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  reservation: 'Reservation, to pay at the showroom',
  card: 'Card',
};

/** How the order is paid, in words (the receipt). */
export function paymentMethodLabel(method: PaymentMethod): string {
  return PAYMENT_METHOD_LABELS[method];
}

/** The exact moment of an order, for a tooltip or a receipt ("15 Jun 2025, 15:00"). */
export function formatOrderDate(createdAt: string | Date): string {
  return new Date(createdAt).toLocaleString('en-KE', { dateStyle: 'medium', timeStyle: 'short' });
}
