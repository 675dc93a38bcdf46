import { EmailField, EmailLayout, EmailLink, EmailText, type EmailSite, type RenderedEmail, renderEmail, telHref } from '@dealership/message-server';
import { type Order, orderNumber, type OrderStatus } from '@dealership/order-schemas';
import { SITE_NAME, sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';

/** What the buyer reads for each status (the stored values keep the legacy spelling). */
const STATUS_WORDS: Record<OrderStatus, string> = {
  'Not Process': 'received, not processed yet',
  Processing: 'being processed',
  Shipped: 'on its way (shipped)',
  deliverd: 'delivered',
  cancel: 'cancelled',
};

const carsText = (order: Order) => order.lines.map((line) => line.name).join(', ');
const isReservation = (order: Order) => order.payment.method === 'reservation';
const what = (order: Order) => (isReservation(order) ? 'reservation' : 'order');

/** The staff's email about a new order or reservation. */
export function staffOrderEmail(order: Order, site: EmailSite): Promise<RenderedEmail> {
  const number = orderNumber(order.id);
  const subject = `New ${what(order)} ${number}: ${carsText(order)}, ${formatKes(order.amount)}`;
  return renderEmail(
    subject,
    <EmailLayout site={site} preview={`${order.contact.name ?? 'A buyer'} ${order.contact.phone ?? ''}`} heading={`New ${what(order)} ${number}`}>
      <EmailField label="Buyer">{order.contact.name ?? '—'}</EmailField>
      {order.contact.phone ? (
        <EmailField label="Phone">
          <EmailLink href={telHref(order.contact.phone)}>{order.contact.phone}</EmailLink>
        </EmailField>
      ) : null}
      {order.contact.address ? <EmailField label="Address">{order.contact.address}</EmailField> : null}
      {order.lines.map((line) => (
        <EmailField key={line.carId ?? line.name} label="Car">
          {line.slug ? <EmailLink href={`${site.publicUrl}${sitePath('car', { slug: line.slug })}`}>{line.name}</EmailLink> : line.name} (
          {formatKes(line.price)})
        </EmailField>
      ))}
      <EmailField label="Total">{formatKes(order.amount)}</EmailField>
      <EmailField label="Payment">
        {isReservation(order) ? 'Reservation: to be paid at the showroom' : `Card, paid (transaction ${order.payment.transactionId ?? '—'})`}
      </EmailField>
      <EmailText>
        <EmailLink href={`${site.publicUrl}${sitePath('adminOrders')}`}>Open the orders in the back office</EmailLink>
      </EmailText>
    </EmailLayout>,
  );
}

export function staffOrderSms(order: Order, site: EmailSite): string {
  return `New ${what(order)} ${orderNumber(order.id)}: ${order.contact.name ?? 'a buyer'} ${order.contact.phone ?? ''}, ${carsText(order)}, ${formatKes(order.amount)}. ${site.publicUrl}${sitePath('adminOrders')}`.replace(
    /\s+,/g,
    ',',
  );
}

const holdText = (order: Order) =>
  isReservation(order)
    ? 'The cars are reserved for you: nobody else can order them while a salesperson calls you to arrange payment and viewing.'
    : 'Your payment was received; a salesperson will call you to arrange delivery.';

/** The buyer's receipt by email. */
export function buyerOrderEmail(order: Order, site: EmailSite): Promise<RenderedEmail> {
  const number = orderNumber(order.id);
  return renderEmail(
    `Your ${what(order)} ${number}`,
    <EmailLayout site={site} preview={`${carsText(order)}, ${formatKes(order.amount)}`} heading={`Thank you for your ${what(order)}`}>
      <EmailField label="Order number">{number}</EmailField>
      {order.lines.map((line) => (
        <EmailField key={line.carId ?? line.name} label="Car">
          {line.name} ({formatKes(line.price)})
        </EmailField>
      ))}
      <EmailField label="Total">{formatKes(order.amount)}</EmailField>
      <EmailText>{holdText(order)}</EmailText>
      <EmailText>
        Follow it in <EmailLink href={`${site.publicUrl}${sitePath('userOrders')}`}>your orders</EmailLink>, or call us on{' '}
        <EmailLink href={telHref(site.dealerPhone)}>{site.dealerPhone}</EmailLink>.
      </EmailText>
    </EmailLayout>,
  );
}

/** The buyer's receipt by SMS. */
export function buyerOrderSms(order: Order, site: EmailSite): string {
  return `${SITE_NAME}: your ${what(order)} ${orderNumber(order.id)} of ${carsText(order)}, ${formatKes(order.amount)}. ${holdText(order)} Questions? Call ${site.dealerPhone}.`;
}

/** The buyer hears that the staff moved their order on. */
export function buyerStatusEmail(order: Order, site: EmailSite): Promise<RenderedEmail> {
  const number = orderNumber(order.id);
  return renderEmail(
    `Your order ${number} is ${STATUS_WORDS[order.status]}`,
    <EmailLayout site={site} preview={carsText(order)} heading={`Order ${number}: ${STATUS_WORDS[order.status]}`}>
      <EmailText>
        Your order of {carsText(order)} ({formatKes(order.amount)}) is now {STATUS_WORDS[order.status]}.
      </EmailText>
      <EmailText>
        See it in <EmailLink href={`${site.publicUrl}${sitePath('userOrders')}`}>your orders</EmailLink>, or call us on{' '}
        <EmailLink href={telHref(site.dealerPhone)}>{site.dealerPhone}</EmailLink>.
      </EmailText>
    </EmailLayout>,
  );
}

export function buyerStatusSms(order: Order, site: EmailSite): string {
  return `${SITE_NAME}: your order ${orderNumber(order.id)} (${carsText(order)}) is now ${STATUS_WORDS[order.status]}. Questions? Call ${site.dealerPhone}.`;
}
