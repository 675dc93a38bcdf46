import { EmailField, EmailLayout, EmailLink, EmailText, type EmailSite, type RenderedEmail, renderEmail } from '@dealership/message-server';
import { formatKes } from '@dealership/shared-util';
import { IMPORT_MILESTONE_LABELS, type ImportMilestone, type PAYMENT_METHODS } from '@dealership/vehicle-import-schemas';

type ImportPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the buyer's message says of a milestone, beside its name. */
export interface MilestoneNews {
  reference: string;
  car: string;
  milestone: ImportMilestone;
  occurredOn: string;
  /** For Shipped: the vessel, and when it is expected at Mombasa. */
  vessel?: string;
  expectedArrival: string;
  numberPlate?: string;
  trackingUrl: string;
}

/** "10 Jan 2027" from YYYY-MM-DD. */
export const dayText = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The milestone in a sentence: "Shipped on the Morning Celesta, expected at Mombasa about 10 Jan 2027". */
function newsText(news: MilestoneNews): string {
  switch (news.milestone) {
    case 'shipped':
      return `shipped on the ${news.vessel ?? 'vessel'}, expected at Mombasa about ${dayText(news.expectedArrival)}`;
    case 'arrived':
      return 'arrived at Mombasa; clearing (duty and release) comes next';
    case 'registered':
      return news.numberPlate ? `registered: number plate ${news.numberPlate}` : 'registered';
    case 'delivered':
      return 'delivered. Enjoy your car!';
    default:
      return `${IMPORT_MILESTONE_LABELS[news.milestone].toLowerCase()} (${dayText(news.occurredOn)})`;
  }
}

/** The buyer's SMS: one per milestone, with the tracking link (our own site's). */
export function milestoneSms(news: MilestoneNews): string {
  return `Your import ${news.reference} (${news.car}): ${newsText(news)}. Track it: ${news.trackingUrl}`;
}

export function milestoneEmail(news: MilestoneNews, site: EmailSite): Promise<RenderedEmail> {
  const label = IMPORT_MILESTONE_LABELS[news.milestone];
  return renderEmail(
    `Your import ${news.reference}: ${label}`,
    <EmailLayout site={site} preview={`${news.car}: ${newsText(news)}`} heading={`${news.car}: ${label}`}>
      <EmailText>Your import {news.reference} is {newsText(news)}.</EmailText>
      {news.vessel ? <EmailField label="Vessel">{news.vessel}</EmailField> : null}
      <EmailField label="Expected at Mombasa">{dayText(news.expectedArrival)}</EmailField>
      <EmailText>
        <EmailLink href={news.trackingUrl}>Follow your import</EmailLink> (every step, what is paid and what is due).
      </EmailText>
    </EmailLayout>,
  );
}

/** How a receipt names each way of paying. */
const PAID_BY: Record<ImportPaymentMethod, string> = { mpesa: 'M-Pesa', card: 'card', bank: 'bank transfer', cash: 'cash' };

/** The buyer's receipt for a payment: made from their tracking page (M-Pesa or card), or recorded by the staff (bank transfer, cash ...). */
export function paymentSms(payment: {
  reference: string;
  amountKes: number;
  method: ImportPaymentMethod;
  receipt: string | null;
  paidKes: number;
  agreedPriceKes: number;
  trackingUrl: string;
}): string {
  const due = payment.agreedPriceKes - payment.paidKes;
  const how = PAID_BY[payment.method];
  return (
    `We received ${formatKes(payment.amountKes)} by ${how}${payment.receipt ? ` (${payment.receipt})` : ''} for your import ${payment.reference}. ` +
    `Paid ${formatKes(payment.paidKes)} of ${formatKes(payment.agreedPriceKes)}${due > 0 ? `, ${formatKes(due)} due` : ': paid in full'}. Track it: ${payment.trackingUrl}`
  );
}

/** The staff's alert about an import payment to settle by hand (not applied, or more than the agreed price). */
export function paymentToCheckEmail(check: { reference: string; car: string; amountKes: number; how: string; problem: string; importUrl: string }, site: EmailSite): Promise<RenderedEmail> {
  return renderEmail(
    `Check payment for import ${check.reference}`,
    <EmailLayout site={site} preview={check.problem} heading={`Payment to check: import ${check.reference}`}>
      <EmailText>{check.problem}</EmailText>
      <EmailField label="Car">{check.car}</EmailField>
      <EmailField label="Amount">{formatKes(check.amountKes)}</EmailField>
      <EmailField label="Paid by">{check.how}</EmailField>
      <EmailText>
        <EmailLink href={check.importUrl}>Open the import</EmailLink>
      </EmailText>
    </EmailLayout>,
  );
}
