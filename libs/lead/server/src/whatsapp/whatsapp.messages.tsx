import { EmailField, EmailLayout, EmailLink, EmailText, type EmailSite, type RenderedEmail, renderEmail, telHref } from '@dealership/message-server';
import { sitePath } from '@dealership/shared-schemas';

/** A WhatsApp lead as the staff's alert tells it. */
export interface WhatsAppLeadForMessages {
  id: string;
  name: string;
  phone: string;
  text: string;
  car: { name: string; stockNumber: string } | null;
  /** A click-to-WhatsApp ad's referral. */
  referral: { headline?: string; source_url?: string } | null;
}

/** The staff's email of a new WhatsApp lead: who wrote, what, about which car, and where to answer. */
export function whatsappLeadEmail(lead: WhatsAppLeadForMessages, site: EmailSite): Promise<RenderedEmail> {
  const inbox = `${site.publicUrl}${sitePath('adminLeads')}?lead=${lead.id}`;
  return renderEmail(
    `New WhatsApp lead: ${lead.name}`,
    <EmailLayout site={site} preview={`${lead.name} wrote on WhatsApp`} heading="A buyer wrote on WhatsApp">
      <EmailField label="Name">{lead.name}</EmailField>
      <EmailField label="Phone">
        <EmailLink href={telHref(lead.phone)}>{lead.phone}</EmailLink>
      </EmailField>
      {lead.car ? <EmailField label="Car">{`${lead.car.name} (${lead.car.stockNumber})`}</EmailField> : null}
      {lead.referral?.headline ? <EmailField label="From the ad">{lead.referral.headline}</EmailField> : null}
      <EmailField label="Message">{lead.text}</EmailField>
      <EmailText>
        <EmailLink href={inbox}>Answer it from the inbox</EmailLink>
      </EmailText>
    </EmailLayout>,
  );
}

/** The staff's SMS: only our words, the number and the car (never the buyer's text, which could carry a link). */
export function whatsappLeadSms(lead: WhatsAppLeadForMessages): string {
  return `New WhatsApp lead from ${lead.phone}${lead.car ? ` about the ${lead.car.name} (${lead.car.stockNumber})` : ''}. Answer it from the inbox.`;
}
