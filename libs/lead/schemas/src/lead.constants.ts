// The lead contract's constants and plain functions, apart from its zod schemas (lead.schemas.ts):
// the buyers' forms load these with their page and the schemas only when a visitor starts filling
// one in (libs/lead/web, lazy-contract.ts), which keeps zod off the pages' first load.
import { type OpeningHours, openingHoursText } from '@dealership/content-schemas';
import { TEST_DRIVE_HOURS_TEXT } from './opening-hours';

/** Longest name a lead may carry. */
export const LEAD_NAME_MAX_LENGTH = 120;
/** Longest message, and longest staff note. */
export const LEAD_MESSAGE_MAX_LENGTH = 2000;

/** What the buyer asks for, each with its form and its own fields. */
export const LEAD_KINDS = ['enquiry', 'test-drive', 'trade-in', 'import', 'financing', 'whatsapp'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
/** The kinds a buyer sends with the site's forms (a WhatsApp lead starts with the buyer's first WhatsApp message). */
export const LEAD_FORM_KINDS = ['enquiry', 'test-drive', 'trade-in', 'import', 'financing'] as const satisfies readonly LeadKind[];
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  enquiry: 'Enquiry',
  'test-drive': 'Test drive',
  'trade-in': 'Trade-in',
  import: 'Import on behalf',
  financing: 'Financing',
  whatsapp: 'WhatsApp',
};

/**
 * How a lead reached the dealer, for the owner's report: a form on the site (any of its kinds), a
 * WhatsApp chat, or a WhatsApp chat started from a click-to-WhatsApp ad (Meta's referral).
 */
export const LEAD_CHANNELS = ['web', 'whatsapp', 'whatsapp-ad'] as const;
export type LeadChannel = (typeof LEAD_CHANNELS)[number];
export const LEAD_CHANNEL_LABELS: Record<LeadChannel, string> = { web: 'Web form', whatsapp: 'WhatsApp', 'whatsapp-ad': 'WhatsApp ad' };
/** A WhatsApp lead's source (where a web lead keeps its page's path, which starts with /), and an ad's. */
export const WHATSAPP_LEAD_SOURCES = { whatsapp: 'WhatsApp', 'whatsapp-ad': 'WhatsApp ad' } as const satisfies Partial<Record<LeadChannel, string>>;

/** Where the staff are with a lead. */
export const LEAD_STATUSES = ['New', 'Contacted', 'Won', 'Lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The message Kenyan phone numbers are refused with. */
export const LEAD_PHONE_MESSAGE = 'Enter a Kenyan phone number, e.g. 0712 345 678';

/** Today in Nairobi (YYYY-MM-DD): the dealer's calendar. */
export function nairobiToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The message a test drive outside the showroom's hours is refused with. */
export const TEST_DRIVE_HOURS_MESSAGE = `We open ${TEST_DRIVE_HOURS_TEXT}: choose a time in those hours`;

/** The same for the hours in force. */
export const testDriveHoursMessage = (hours: OpeningHours): string => `We open ${openingHoursText(hours)}: choose a time in those hours`;

/** How the buyer's car is. */
export const TRADE_IN_CONDITIONS = ['Excellent', 'Good', 'Fair', 'Needs work'] as const;
export type TradeInCondition = (typeof TRADE_IN_CONDITIONS)[number];
/** Most photos a trade-in carries. */
export const TRADE_IN_MAX_PHOTOS = 6;

/** What the buyer earns a month, in bands: enough for the bank's first look, nothing more. */
export const INCOME_BANDS = ['Below KES 50,000', 'KES 50,000-100,000', 'KES 100,000-250,000', 'Above KES 250,000'] as const;
export type IncomeBand = (typeof INCOME_BANDS)[number];

/**
 * What a buyer agrees to with a lead form's box (Data Protection Act, 2019: consent to be
 * contacted, unticked by default). Stored with the lead, word for word: change the words and the
 * leads sent before keep those they agreed to.
 */
export const LEAD_CONSENT_TEXT =
  'I agree that Mombasa Car Dealership may call, SMS, WhatsApp or email me about this request, and keep it as the privacy policy says.';

/** The refusal of a lead whose box was not ticked (the form shows it on the box). */
export const LEAD_CONSENT_MESSAGE = 'Consent is required: tick the box to agree that we contact you about this request';
