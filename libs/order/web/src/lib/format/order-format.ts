import { formatKes } from '@dealership/shared-util';
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

/** A moment in the dealer's time (Nairobi), whatever the browser's time zone ("28 Nov 2026, 14:30"). */
export function formatNairobiTime(at: string | Date): string {
  return new Date(at).toLocaleString('en-KE', { timeZone: 'Africa/Nairobi', dateStyle: 'medium', timeStyle: 'short' });
}

/** How an order was paid, as the staff name it: a reservation whose deposit came by M-Pesa is an M-Pesa deposit. */
export type PaymentKind = 'Reservation' | 'Card' | 'M-Pesa deposit';

export function paymentKind(order: Pick<Order, 'payment' | 'deposit'>): PaymentKind {
  if (order.payment.method === 'card') return 'Card';
  return order.deposit?.paidAt ? 'M-Pesa deposit' : 'Reservation';
}

/** A reservation whose deposit is still due and that the staff have not moved on or cancelled: the buyer may pay it by M-Pesa. */
export function canPayDeposit(order: Pick<Order, 'payment' | 'deposit' | 'status'>): boolean {
  return order.payment.method === 'reservation' && order.deposit !== null && order.deposit.paidAt === null && order.status === 'Not Process';
}

/** What is left for the showroom once the deposit is paid (an unpaid deposit still counts in `balance`). */
export function balanceAfterDeposit(order: Pick<Order, 'balance' | 'deposit'>): number {
  return order.deposit && !order.deposit.paidAt ? Math.max(order.balance - order.deposit.amount, 0) : order.balance;
}

/** "KES 50,000 · Paid 23 Nov 2026, 13:01 · M-Pesa receipt QKL3ABC1XY", or "KES 50,000 · Not paid". */
export function describeDeposit(deposit: NonNullable<Order['deposit']>): string {
  if (!deposit.paidAt) return `${formatKes(deposit.amount)} · Not paid`;
  const receipt = deposit.receipt ? ` · M-Pesa receipt ${deposit.receipt}` : '';
  return `${formatKes(deposit.amount)} · Paid ${formatNairobiTime(deposit.paidAt)}${receipt}`;
}
