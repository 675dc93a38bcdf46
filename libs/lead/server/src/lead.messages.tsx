import type { OpeningHours } from '@dealership/content-schemas';
import { callBackTime, type Lead, LEAD_KIND_LABELS, type LeadCreateFields } from '@dealership/lead-schemas';
import { EmailField, EmailLayout, EmailLink, EmailText, type EmailSite, type RenderedEmail, renderEmail, telHref } from '@dealership/message-server';
import { SITE_NAME, sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import type { ReactNode } from 'react';

/** The lead as the messages tell it: the buyer's request, its id and its car. */
export interface LeadForMessages {
  id: string;
  input: LeadCreateFields;
  car: { name: string; slug: string } | null;
  /** The salesperson it went to, whose first name the buyer is told. */
  salesperson?: string;
}

/** "Amina, your salesperson," or "A salesperson". */
const whoCalls = (lead: LeadForMessages) => (lead.salesperson ? `${lead.salesperson.split(/\s+/)[0]}, your salesperson,` : 'A salesperson');

const absolute = (site: EmailSite, path: string) => (/^https?:\/\//.test(path) ? path : `${site.publicUrl}${path}`);

/** "Sat 28 Nov" from YYYY-MM-DD. */
function dayText(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/**
 * What the buyer sent, in a few words after "we have your": "request for a test drive of the
 * Toyota Prado 2019 on Sat 28 Nov at 10:30". Only our words, the car's name and the slot chosen
 * from ours: the acknowledgement goes to a number or address the visitor typed, so it carries
 * nothing else they typed (a name or a car's make could be a stranger's link or insult).
 */
function requestText({ input, car }: LeadForMessages): string {
  const ofCar = car ? ` of the ${car.name}` : '';
  switch (input.kind) {
    case 'test-drive':
      return `request for a test drive${ofCar} on ${dayText(input.preferredDate)} at ${input.preferredTime}`;
    case 'trade-in':
      return 'request for a trade-in estimate of your car';
    case 'import':
      return 'request to import a car';
    case 'financing':
      return `application for financing${ofCar}`;
    default:
      return car ? `question about the ${car.name}` : 'message';
  }
}

/** The kind's own fields, as label and value, for the staff. */
function detailLines({ input }: LeadForMessages, site: EmailSite): { label: string; value: ReactNode; text: string }[] {
  const line = (label: string, text: string, value: ReactNode = text) => ({ label, value, text });
  switch (input.kind) {
    case 'test-drive':
      return [line('Slot', `${dayText(input.preferredDate)} at ${input.preferredTime}`)];
    case 'trade-in': {
      const d = input.details;
      return [
        line('Their car', `${d.year} ${d.make} ${d.model}, ${d.mileage.toLocaleString('en-KE')} km, ${d.condition}`),
        ...(d.askingPrice ? [line('Asking', formatKes(d.askingPrice))] : []),
        ...d.photos.map((photo, i) =>
          line(`Photo ${i + 1}`, absolute(site, photo.url), <EmailLink href={absolute(site, photo.url)}>{absolute(site, photo.url)}</EmailLink>),
        ),
      ];
    }
    case 'import': {
      const d = input.details;
      return [line('Wanted', `${d.make} ${d.model}, ${d.yearFrom}-${d.yearTo}${d.colour ? `, ${d.colour}` : ''}`), line('Budget', formatKes(d.budget))];
    }
    case 'financing': {
      const d = input.details;
      return [
        line('Price', formatKes(d.price)),
        line('Deposit', formatKes(d.deposit)),
        line('Term', `${d.months} months`),
        line('Monthly income', d.incomeBand),
      ];
    }
    default:
      return input.preferredDate ? [line('Preferred date', dayText(input.preferredDate))] : [];
  }
}

const kindLabel = (lead: LeadForMessages) => LEAD_KIND_LABELS[lead.input.kind].toLowerCase();

/** The staff's email: who, how to call them, what they want, and a link to the lead. */
export function staffLeadEmail(lead: LeadForMessages, site: EmailSite): Promise<RenderedEmail> {
  const { input, car } = lead;
  const inbox = absolute(site, `${sitePath('adminLeads')}?status=New&lead=${lead.id}`);
  const subject = `New ${kindLabel(lead)}: ${input.name}${car ? `, ${car.name}` : ''}`;
  return renderEmail(
    subject,
    <EmailLayout site={site} preview={`${input.name} ${input.phone}: call them now`} heading={`New ${kindLabel(lead)} from ${input.name}`}>
      <EmailText>A buyer is waiting: the dealer who calls first wins most deals.</EmailText>
      <EmailField label="Name">{input.name}</EmailField>
      <EmailField label="Phone">
        <EmailLink href={telHref(input.phone)}>{input.phone}</EmailLink>
      </EmailField>
      {input.email ? (
        <EmailField label="Email">
          <EmailLink href={`mailto:${input.email}`}>{input.email}</EmailLink>
        </EmailField>
      ) : null}
      <EmailField label="Kind">{LEAD_KIND_LABELS[input.kind]}</EmailField>
      {car ? (
        <EmailField label="Car">
          <EmailLink href={absolute(site, sitePath('car', { slug: car.slug }))}>{car.name}</EmailLink>
        </EmailField>
      ) : null}
      {detailLines(lead, site).map((detail) => (
        <EmailField key={detail.label} label={detail.label}>
          {detail.value}
        </EmailField>
      ))}
      {input.message ? <EmailField label="Message">{input.message}</EmailField> : null}
      <EmailText>
        <EmailLink href={inbox}>Open the lead in the back office</EmailLink>
      </EmailText>
    </EmailLayout>,
  );
}

/** The staff's SMS: short enough for one or two messages, with the number to call. */
export function staffLeadSms(lead: LeadForMessages, site: EmailSite): string {
  const { input, car } = lead;
  const detail = detailLines(lead, site).find((d) => d.label === 'Slot' || d.label === 'Their car' || d.label === 'Wanted' || d.label === 'Price');
  return [`New ${kindLabel(lead)}: ${input.name} ${input.phone}`, car?.name, detail?.text, `Call now. ${absolute(site, sitePath('adminLeads'))}`]
    .filter(Boolean)
    .join('. ');
}

/** The buyer's acknowledgement by SMS: what they asked for (in our words, see `requestText`), and when a salesperson will call. */
export function buyerLeadSms(lead: LeadForMessages, site: EmailSite, now = new Date(), hours?: OpeningHours): string {
  return `${SITE_NAME}: thank you, we have your ${requestText(lead)}. ${whoCalls(lead)} will call you ${callBackTime(now, hours)}. Questions? Call ${site.dealerPhone}.`;
}

/** The buyer's acknowledgement by email, when they gave an address. */
export function buyerLeadEmail(lead: LeadForMessages, site: EmailSite, now = new Date(), hours?: OpeningHours): Promise<RenderedEmail> {
  const { input } = lead;
  return renderEmail(
    `We have your request: ${LEAD_KIND_LABELS[input.kind]}`,
    <EmailLayout site={site} preview={`A salesperson will call you ${callBackTime(now, hours)}.`} heading="Thank you">
      <EmailText>We have your {requestText(lead)}.</EmailText>
      <EmailText>
        {whoCalls(lead)} will call you {callBackTime(now, hours)}. Questions before then? Call us on{' '}
        <EmailLink href={telHref(site.dealerPhone)}>{site.dealerPhone}</EmailLink>.
      </EmailText>
    </EmailLayout>,
  );
}

/** A stored lead in the staff's words (the late alert, the follow-up reminder). */
const storedLeadLine = (lead: Lead) => `${LEAD_KIND_LABELS[lead.kind].toLowerCase()} from ${lead.name} (${lead.phone})${lead.car ? `, ${lead.car.name}` : ''}`;

/** The owners hear once that a lead has waited too long in opening hours without a response. */
export function lateLeadEmail(lead: Lead, minutes: number, site: EmailSite): Promise<RenderedEmail> {
  const inbox = absolute(site, `${sitePath('adminLeads')}?lead=${lead.id}`);
  return renderEmail(
    `Waiting ${minutes} minutes: ${lead.name}`,
    <EmailLayout site={site} preview={`${lead.name} has waited ${minutes} minutes`} heading={`A lead has waited ${minutes} minutes`}>
      <EmailText>
        The {storedLeadLine(lead)} has had no response for {minutes} minutes of opening hours.{' '}
        {lead.assignee ? `It is ${lead.assignee.name}'s.` : 'Nobody has it yet.'}
      </EmailText>
      <EmailText>
        <EmailLink href={inbox}>Open the lead</EmailLink>
      </EmailText>
    </EmailLayout>,
  );
}

export function lateLeadSms(lead: Lead, minutes: number): string {
  return `Lead waiting ${minutes} min: ${storedLeadLine(lead)}${lead.assignee ? `, ${lead.assignee.name}'s` : ', unassigned'}.`;
}

/** The buyer's number to tap and the lead's page in the back office. */
function CallAndOpen({ lead, site }: { lead: Lead; site: EmailSite }) {
  return (
    <>
      <EmailField label="Phone">
        <EmailLink href={telHref(lead.phone)}>{lead.phone}</EmailLink>
      </EmailField>
      <EmailText>
        <EmailLink href={absolute(site, `${sitePath('adminLeads')}?lead=${lead.id}`)}>Open the lead</EmailLink>
      </EmailText>
    </>
  );
}

/** The salesperson's reminder on the morning of a follow-up. */
export function followUpEmail(lead: Lead, site: EmailSite): Promise<RenderedEmail> {
  return renderEmail(
    `Follow up today: ${lead.name}`,
    <EmailLayout site={site} preview={`Call ${lead.name} today`} heading="Follow up today">
      <EmailText>You planned to follow up today on the {storedLeadLine(lead)}.</EmailText>
      <CallAndOpen lead={lead} site={site} />
    </EmailLayout>,
  );
}

export function followUpSms(lead: Lead): string {
  return `Follow up today: ${storedLeadLine(lead)}.`;
}

/** A salesperson hears that an owner gave them a lead. */
export function assignedLeadEmail(lead: Lead, by: string, site: EmailSite): Promise<RenderedEmail> {
  return renderEmail(
    `Assigned to you: ${lead.name}`,
    <EmailLayout site={site} preview={`${lead.name} ${lead.phone}`} heading="A lead is now yours">
      <EmailText>
        {by} gave you the {storedLeadLine(lead)}.
      </EmailText>
      <CallAndOpen lead={lead} site={site} />
    </EmailLayout>,
  );
}

export function assignedLeadSms(lead: Lead, by: string): string {
  return `Assigned to you by ${by}: ${storedLeadLine(lead)}.`;
}
