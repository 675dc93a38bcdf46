import type { MpesaPaymentState, Order } from '@dealership/order-schemas';
import { formatKes } from '@dealership/shared-util';
import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { describeDeposit, formatNairobiTime, paymentKind } from '../format/order-format';
import classes from './OrdersTable.module.css';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The buyer's view: the deposit, what is left to pay and how long the cars are held, when the order has them. */
export function OrderDepositDetails({ order }: { order: Order }) {
  if (!order.deposit && !order.holdExpiresAt && !order.tradeInCredit) return null;
  return (
    <dl className={classes.details} aria-label="Deposit and balance">
      <TradeInCreditDetail order={order} />
      {order.deposit ? <Detail label="Deposit">{describeDeposit(order.deposit)}</Detail> : null}
      <Detail label="Balance due">{formatKes(order.balance)}</Detail>
      {order.holdExpiresAt ? <Detail label="Held until">{formatNairobiTime(order.holdExpiresAt)}</Detail> : null}
    </dl>
  );
}

/** An accepted trade-in offer credited to the order (issue 46): its number and the KES it takes off. */
function TradeInCreditDetail({ order }: { order: Order }) {
  if (!order.tradeInCredit) return null;
  return <Detail label="Trade-in credit">{`${order.tradeInCredit.reference}: −${formatKes(order.tradeInCredit.amountKes)}`}</Detail>;
}

/** What was paid, how and when: a card sale (recorded only once it succeeded) or an M-Pesa deposit. */
function paidSoFar(order: Order): { amount: number; at: string | null; reference: string | null } {
  if (order.payment.method === 'card') {
    return order.payment.success
      ? // The card paid the amount less a trade-in credit.
        {
          amount: order.amount - (order.tradeInCredit?.amountKes ?? 0),
          at: order.createdAt,
          reference: order.payment.transactionId ? `Transaction ${order.payment.transactionId}` : null,
        }
      : { amount: 0, at: null, reference: order.payment.transactionId ? `Transaction ${order.payment.transactionId}` : null };
  }
  if (order.deposit?.paidAt) {
    return { amount: order.deposit.amount, at: order.deposit.paidAt, reference: `M-Pesa receipt ${order.deposit.receipt ?? 'not received yet'}` };
  }
  return { amount: 0, at: null, reference: null };
}

const REQUEST_STATES: Record<MpesaPaymentState, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'yellow' },
  paid: { label: 'Paid', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/**
 * The staff's view of an order's payment: the method, the card transaction or M-Pesa receipt, what
 * was paid and when, the deposit and balance, when the hold ends, and every M-Pesa request (newest first).
 */
export function OrderPaymentDetails({ order }: { order: Order }) {
  const paid = paidSoFar(order);
  return (
    <div className={classes.payment}>
      <dl className={classes.details} aria-label="Payment details">
        <Detail label="Method">{paymentKind(order)}</Detail>
        <TradeInCreditDetail order={order} />
        {paid.reference ? <Detail label="Reference">{paid.reference}</Detail> : null}
        <Detail label="Amount paid">{paid.amount > 0 ? formatKes(paid.amount) : 'Nothing paid yet'}</Detail>
        {paid.at ? <Detail label="Paid at">{formatNairobiTime(paid.at)}</Detail> : null}
        {order.deposit ? <Detail label="Deposit">{describeDeposit(order.deposit)}</Detail> : null}
        <Detail label="Balance due">{formatKes(order.balance)}</Detail>
        {order.holdExpiresAt ? <Detail label="Hold ends">{formatNairobiTime(order.holdExpiresAt)}</Detail> : null}
      </dl>
      {order.mpesaPayments.length > 0 ? (
        <ul className={classes.requests} aria-label="M-Pesa requests">
          {order.mpesaPayments.map((request) => (
            <li key={request.id} className={classes.request}>
              <Badge size="sm" variant="light" color={REQUEST_STATES[request.state].color} tt="none">
                {REQUEST_STATES[request.state].label}
              </Badge>
              <Text span size="sm" fw={600}>
                {request.phone}
              </Text>
              <Text span size="xs" c="gray.7">
                {formatNairobiTime(request.requestedAt)}
              </Text>
              <Text size="xs" c="gray.8" className={classes.requestMessage}>
                {request.message}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
