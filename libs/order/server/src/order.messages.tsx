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

/** "Saturday 29 November, 14:00": a hold's end in the dealer's time. */
const holdEnd = (at: Date) =>
  new Intl.DateTimeFormat('en-KE', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Africa/Nairobi' }).format(at);

/** What the order means for the buyer; a reservation without a deposit says when its hold ends (the rules' hours, 48 by default). */
const holdText = (order: Order) =>
  !isReservation(order)
    ? 'Your payment was received; a salesperson will call you to arrange delivery.'
    : order.holdExpiresAt
      ? `The cars are reserved for you until ${holdEnd(new Date(order.holdExpiresAt))}: nobody else can order them, and a salesperson will call you to arrange payment and viewing. Pay a deposit or visit us before then to keep them.`
      : 'The cars are reserved for you: nobody else can order them while a salesperson calls you to arrange payment and viewing.';

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
  // Shorter than the email's words: each 160 characters more is another SMS to pay for.
  const hold =
    isReservation(order) && order.holdExpiresAt
      ? `Held for you until ${holdEnd(new Date(order.holdExpiresAt))}; a salesperson will call you to arrange payment and viewing.`
      : holdText(order);
  return `${SITE_NAME}: your ${what(order)} ${orderNumber(order.id)} of ${carsText(order)}, ${formatKes(order.amount)}. ${hold} Questions? Call ${site.dealerPhone}.`;
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

/** The buyer's deposit is in: its receipt, and how long the car is held now. */
export function buyerDepositEmail(order: Order, receipt: string | null, site: EmailSite): Promise<RenderedEmail> {
  const number = orderNumber(order.id);
  const until = order.holdExpiresAt ? holdEnd(new Date(order.holdExpiresAt)) : undefined;
  return renderEmail(
    `Deposit received for reservation ${number}`,
    <EmailLayout site={site} preview={carsText(order)} heading={`Deposit received: ${formatKes(order.deposit?.amount ?? 0)}`}>
      <EmailText>
        Thank you: your M-Pesa deposit for {carsText(order)} is received{receipt ? ` (M-Pesa receipt ${receipt})` : ''}.
        {until ? ` We hold the car for you until ${until}.` : ''}
      </EmailText>
      <EmailField label="Balance due">{formatKes(order.balance)}</EmailField>
      <EmailText>
        See <EmailLink href={`${site.publicUrl}${sitePath('userOrders')}`}>your orders</EmailLink>, or call us on{' '}
        <EmailLink href={telHref(site.dealerPhone)}>{site.dealerPhone}</EmailLink> to arrange the balance and the handover.
      </EmailText>
    </EmailLayout>,
  );
}

export function buyerDepositSms(order: Order, receipt: string | null, site: EmailSite): string {
  const until = order.holdExpiresAt ? ` We hold it until ${holdEnd(new Date(order.holdExpiresAt))}.` : '';
  return `${SITE_NAME}: deposit of ${formatKes(order.deposit?.amount ?? 0)} received for ${carsText(order)} (reservation ${orderNumber(order.id)}${receipt ? `, M-Pesa ${receipt}` : ''}).${until} Balance ${formatKes(order.balance)}. Call ${site.dealerPhone}.`;
}

/** The staff hear of a paid deposit, or of an M-Pesa payment they must check by hand (`problem`). */
export function staffDepositEmail(order: Order, payment: { amount: number; phone: string; receipt: string | null }, site: EmailSite, problem?: string): Promise<RenderedEmail> {
  const number = orderNumber(order.id);
  return renderEmail(
    problem ? `Check M-Pesa payment for order ${number}` : `Deposit paid: order ${number}`,
    <EmailLayout site={site} preview={carsText(order)} heading={problem ? `M-Pesa payment to check: order ${number}` : `Deposit paid: order ${number}`}>
      {problem ? <EmailText>{problem}</EmailText> : null}
      <EmailField label="Cars">{carsText(order)}</EmailField>
      <EmailField label="Amount">{formatKes(payment.amount)}</EmailField>
      <EmailField label="M-Pesa number">{payment.phone}</EmailField>
      <EmailField label="M-Pesa receipt">{payment.receipt ?? 'not received yet'}</EmailField>
      <EmailText>
        <EmailLink href={`${site.publicUrl}${sitePath('adminOrders')}`}>Open the orders</EmailLink>
      </EmailText>
    </EmailLayout>,
  );
}

export function staffDepositSms(order: Order, payment: { amount: number; receipt: string | null }, problem?: string): string {
  return problem
    ? `Check M-Pesa payment, order ${orderNumber(order.id)}: ${problem}`
    : `Deposit ${formatKes(payment.amount)} paid by M-Pesa${payment.receipt ? ` (${payment.receipt})` : ''}: order ${orderNumber(order.id)}, ${carsText(order)}.`;
}

/** The owners hear once that an order is still Not Process a working day after it was placed (the buyer was promised a call within one). */
export function lateOrderEmail(order: Order, site: EmailSite): Promise<RenderedEmail> {
  const number = orderNumber(order.id);
  const buyer = order.contact.name ?? 'A buyer';
  return renderEmail(
    `Not confirmed after a working day: ${what(order)} ${number}`,
    <EmailLayout site={site} preview={`${buyer} is waiting for our call`} heading={`${buyer} is waiting for our call`}>
      <EmailText>
        The {what(order)} {number} ({carsText(order)}, {formatKes(order.amount)}) is still Not Process a working day after it was placed.{' '}
        {isReservation(order)
          ? 'The confirmation told the buyer our sales team would call within one working day.'
          : 'The buyer paid by card and is waiting for our call to arrange delivery.'}
      </EmailText>
      {order.contact.phone ? (
        <EmailField label="Phone">
          <EmailLink href={telHref(order.contact.phone)}>{order.contact.phone}</EmailLink>
        </EmailField>
      ) : null}
      <EmailText>
        <EmailLink href={`${site.publicUrl}${sitePath('adminOrders')}`}>Open the orders in the back office</EmailLink>
      </EmailText>
    </EmailLayout>,
  );
}

export function lateOrderSms(order: Order): string {
  return `Not confirmed after a working day: ${what(order)} ${orderNumber(order.id)}, ${order.contact.name ?? 'a buyer'} ${order.contact.phone ?? ''}, ${carsText(order)}.`.replace(/\s+,/g, ',');
}
