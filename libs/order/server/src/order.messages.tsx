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

/** "Saturday 29 November, 14:00": a hold's end in the dealer's time. */
const holdEnd = (at: Date) =>
  new Intl.DateTimeFormat('en-KE', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Africa/Nairobi' }).format(at);

/** The buyer is told, some hours before, that their reservation without a deposit ends soon. */
export function buyerHoldReminderEmail(order: Order, endsAt: Date, site: EmailSite): Promise<RenderedEmail> {
  const number = orderNumber(order.id);
  return renderEmail(
    `Your reservation ${number} ends ${holdEnd(endsAt)}`,
    <EmailLayout site={site} preview={carsText(order)} heading={`Reservation ${number} ends soon`}>
      <EmailText>
        We hold {carsText(order)} for you until {holdEnd(endsAt)}. After that the car goes back on sale.
      </EmailText>
      <EmailText>
        To keep it, pay a deposit or visit the showroom: call us on <EmailLink href={telHref(site.dealerPhone)}>{site.dealerPhone}</EmailLink>, or see{' '}
        <EmailLink href={`${site.publicUrl}${sitePath('userOrders')}`}>your orders</EmailLink>.
      </EmailText>
    </EmailLayout>,
  );
}

export function buyerHoldReminderSms(order: Order, endsAt: Date, site: EmailSite): string {
  return `${SITE_NAME}: we hold ${carsText(order)} (reservation ${orderNumber(order.id)}) until ${holdEnd(endsAt)}, then it goes back on sale. To keep it, pay a deposit or call ${site.dealerPhone}.`;
}

/** The buyer hears that their reservation without a deposit has ended and the car is on sale again. */
export function buyerHoldExpiredEmail(order: Order, site: EmailSite): Promise<RenderedEmail> {
  const number = orderNumber(order.id);
  return renderEmail(
    `Your reservation ${number} has ended`,
    <EmailLayout site={site} preview={carsText(order)} heading={`Reservation ${number} has ended`}>
      <EmailText>
        Your reservation of {carsText(order)} had no deposit and its hold has ended, so the car is on sale again.
      </EmailText>
      <EmailText>
        Still interested? Reserve it again on our site if it is available, or call us on <EmailLink href={telHref(site.dealerPhone)}>{site.dealerPhone}</EmailLink>.
      </EmailText>
    </EmailLayout>,
  );
}

export function buyerHoldExpiredSms(order: Order, site: EmailSite): string {
  return `${SITE_NAME}: your reservation ${orderNumber(order.id)} of ${carsText(order)} had no deposit and has ended; the car is on sale again. Call ${site.dealerPhone} to reserve it again.`;
}
