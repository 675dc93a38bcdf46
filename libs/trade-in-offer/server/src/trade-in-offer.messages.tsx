import { EmailField, EmailLayout, EmailLink, EmailText, type EmailSite, type RenderedEmail, renderEmail } from '@dealership/message-server';
import { SITE_NAME } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import type { OfferRow } from './trade-in-offer.repository';

/** "14 Dec 2026" from YYYY-MM-DD. */
export const offerDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

type Offer = Pick<OfferRow, 'reference' | 'car' | 'amountKes' | 'validUntil' | 'conditions'>;

/** The buyer's SMS with the offer: its amount, its last day and the link (our own site's). */
export function offerSms(offer: Offer, url: string): string {
  return `${SITE_NAME}: our offer for your ${offer.car} is ${formatKes(offer.amountKes)}, valid until ${offerDay(offer.validUntil)}. See it and accept it: ${url}`;
}

export function offerReminderSms(offer: Offer, url: string): string {
  return `${SITE_NAME}: our offer of ${formatKes(offer.amountKes)} for your ${offer.car} ends on ${offerDay(offer.validUntil)}. Accept it before then: ${url}`;
}

export function offerEmail(offer: Offer, url: string, site: EmailSite, reminder = false): Promise<RenderedEmail> {
  const subject = reminder ? `Our offer for your ${offer.car} ends on ${offerDay(offer.validUntil)}` : `Our offer for your ${offer.car}: ${formatKes(offer.amountKes)}`;
  return renderEmail(
    subject,
    <EmailLayout site={site} preview={`${formatKes(offer.amountKes)}, valid until ${offerDay(offer.validUntil)}`} heading={`Offer ${offer.reference} for your ${offer.car}`}>
      <EmailField label="Our offer">{formatKes(offer.amountKes)}</EmailField>
      <EmailField label="Valid until">{offerDay(offer.validUntil)}</EmailField>
      {offer.conditions ? <EmailField label="Conditions">{offer.conditions}</EmailField> : null}
      <EmailText>
        <EmailLink href={url}>See the offer and accept or decline it</EmailLink>. Once accepted, it comes off the price of the car you buy from us.
      </EmailText>
    </EmailLayout>,
  );
}
