import type { Order } from '@dealership/order-schemas';
import { formatKes } from '@dealership/shared-util';
import { SITE_NAME, useSiteConfig } from '@dealership/web-ui';
import { Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { describeDeposit, formatNairobiTime, formatOrderDate, orderNumber, paymentLabel, paymentMethodLabel } from '../format/order-format';
import classes from './OrderReceipt.module.css';

export interface OrderReceiptProps {
  /** The order to print; the receipt is closed while null. */
  order: Order | null;
  onClose: () => void;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the receipt says about the payment: the method, and for a card whether the sale went through. */
function paymentSummary(order: Order): string {
  const label = paymentLabel(order.payment);
  if (label === 'Reservation') return 'Not paid yet: reserved, to pay at the showroom';
  return label === 'Success' ? 'Paid' : 'Payment failed';
}

/** The receipt itself: the dealer, the order, the buyer, each car with its price, the total and the payment. */
export function ReceiptContent({ order }: { order: Order }) {
  const { dealerPhone } = useSiteConfig();
  const { name, phone, address } = order.contact;
  return (
    <article className={classes.receipt} aria-labelledby={`receipt-${order.id}`}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap" className={classes.head}>
        <div className={classes.dealer}>
          <Text fw={800} fz="lg" c="navy.9">
            {SITE_NAME}
          </Text>
          <Text size="sm" c="gray.7">
            Mombasa, Kenya · <span className={classes.nowrap}>{dealerPhone}</span>
          </Text>
        </div>
        <Title order={2} size="h3" id={`receipt-${order.id}`} className={classes.title}>
          Receipt
        </Title>
      </Group>

      <dl className={classes.details}>
        <Detail label="Order number">{orderNumber(order)}</Detail>
        <Detail label="Date">{formatOrderDate(order.createdAt)}</Detail>
        <Detail label="Status">{order.status}</Detail>
        <Detail label="Buyer">{name ?? order.buyer?.name ?? 'Deleted account'}</Detail>
        <Detail label="Phone">{phone ?? 'Not given'}</Detail>
        <Detail label="Address">{address ?? 'Not given'}</Detail>
      </dl>

      <Table className={classes.lines} verticalSpacing="xs" horizontalSpacing="xs" aria-label="Cars ordered">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Car</Table.Th>
            <Table.Th scope="col" ta="right">
              Price
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td className={classes.wrap}>{line.name}</Table.Td>
              <Table.Td ta="right" className={classes.nowrap}>
                {formatKes(line.price)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right" fw={800} className={classes.nowrap}>
              {formatKes(order.amount)}
            </Table.Td>
          </Table.Tr>
          {order.tradeInCredit ? (
            <Table.Tr>
              <Table.Th scope="row">{`Trade-in credit (${order.tradeInCredit.reference})`}</Table.Th>
              <Table.Td ta="right" fw={700} className={classes.nowrap}>
                {`−${formatKes(order.tradeInCredit.amountKes)}`}
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tfoot>
      </Table>

      <dl className={classes.details}>
        <Detail label="Payment method">{paymentMethodLabel(order.payment.method)}</Detail>
        <Detail label="Payment">{paymentSummary(order)}</Detail>
        {order.payment.transactionId ? <Detail label="Transaction">{order.payment.transactionId}</Detail> : null}
        {order.deposit ? <Detail label="Deposit">{describeDeposit(order.deposit)}</Detail> : null}
        {order.deposit || order.tradeInCredit ? <Detail label="Balance due">{formatKes(order.balance)}</Detail> : null}
        {order.holdExpiresAt ? <Detail label="Held until">{formatNairobiTime(order.holdExpiresAt)}</Detail> : null}
      </dl>
      <Text size="xs" c="gray.7" mt="md">
        Thank you for your order. Please bring this receipt when you visit the showroom.
      </Text>
    </article>
  );
}

/**
 * A printable receipt of one order, in a dialog (full screen on a phone). Printing it prints the
 * receipt alone: the print styles hide the site's header, menu and footer, and the dialog's buttons.
 */
export function OrderReceipt({ order, onClose }: OrderReceiptProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? `Receipt for order ${orderNumber(order)}` : 'Receipt'}
      size="lg"
      fullScreen={phone}
      classNames={{ root: classes.root, inner: classes.inner, content: classes.content, overlay: classes.overlay, header: classes.noPrint }}
    >
      {order ? (
        <Stack gap="md">
          <ReceiptContent order={order} />
          <Group justify="flex-end" gap="sm" className={classes.noPrint}>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => window.print()}>Print</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
