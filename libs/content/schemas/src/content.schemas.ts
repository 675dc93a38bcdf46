import { text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';
import {
  ADDRESS_MAX_LENGTH,
  FAQ_ANSWER_MAX_LENGTH,
  FAQ_MAX_ENTRIES,
  FAQ_QUESTION_MAX_LENGTH,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from './content.constants';
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from './social-networks';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const time = (label: string) => text({ error: `${label} is required` }).regex(TIME, { error: `${label} must be a time (HH:MM, 24-hour)` });

/** One day's hours: open from `open` to `close` (Nairobi time, HH:MM), or closed all day. */
const dayHours = (day: Weekday) => {
  const label = WEEKDAY_LABELS[day];
  return z
    .object({
      closed: z.boolean({ error: `${label}: say whether the showroom is closed` }),
      open: time(`${label} opening time`),
      close: time(`${label} closing time`),
    })
    .refine((hours) => hours.closed || hours.open < hours.close, { error: `${label} closing time must be after its opening time`, path: ['close'] });
};
export type DayHours = z.infer<ReturnType<typeof dayHours>>;

/** The showroom's hours for each day of the week (Nairobi time). */
export const OpeningHoursSchema = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours(day)])) as Record<Weekday, ReturnType<typeof dayHours>>, {
  error: 'Opening hours are required',
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** A question and its answer on the home page. */
export const FaqEntrySchema = z.object({
  question: text({ error: 'Question is required' })
    .trim()
    .min(1, { error: 'Question is required' })
    .max(FAQ_QUESTION_MAX_LENGTH, { error: `Question must be at most ${FAQ_QUESTION_MAX_LENGTH} characters` }),
  answer: text({ error: 'Answer is required' })
    .trim()
    .min(1, { error: 'Answer is required' })
    .max(FAQ_ANSWER_MAX_LENGTH, { error: `Answer must be at most ${FAQ_ANSWER_MAX_LENGTH} characters` }),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

/** A phone number as the public reads and dials it: digits, spaces, dashes, brackets, a leading +. */
const phone = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .regex(/^\+?[\d\s()-]{7,24}$/, { error: `${label} must be a phone number, e.g. +254 700 000 000` })
    .refine((value) => value.replace(/\D/g, '').length >= 9, { error: `${label} must have at least 9 digits` });

/** An optional web address (https or http); '' for none. */
const optionalUrl = (label: string) =>
  text()
    .trim()
    .max(500, { error: `${label} must be at most 500 characters` })
    .refine((value) => value === '' || isWebUrl(value), { error: `${label} must be a web address starting with https://` });

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const SocialLinksSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, optionalUrl(SOCIAL_NETWORK_LABELS[network])])) as Record<SocialNetwork, ReturnType<typeof optionalUrl>>,
);
export type SocialLinks = z.infer<typeof SocialLinksSchema>;

/**
 * What the staff edit about the site: the home page's FAQ, the opening hours (the footer, the
 * structured data, the test-drive slots and the buyer's acknowledgement), the contact details and
 * the social links. The contract of `content.update` and the admin form alike.
 */
export const SiteContentFieldsSchema = z.object({
  faq: z
    .array(FaqEntrySchema, { error: 'FAQ is required' })
    .min(1, { error: 'FAQ must have at least one question' })
    .max(FAQ_MAX_ENTRIES, { error: `FAQ may have at most ${FAQ_MAX_ENTRIES} questions` }),
  hours: OpeningHoursSchema,
  phone: phone('Phone'),
  /** The WhatsApp number; '' for the phone's. */
  whatsapp: text()
    .trim()
    .refine((value) => value === '' || phone('WhatsApp number').safeParse(value).success, { error: 'WhatsApp number must be a phone number, e.g. +254 700 000 000' }),
  /** '' for none. */
  email: text()
    .trim()
    .max(254, { error: 'Email must be at most 254 characters' })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'Email must be an email address' }),
  address: text({ error: 'Address is required' })
    .trim()
    .min(1, { error: 'Address is required' })
    .max(ADDRESS_MAX_LENGTH, { error: `Address must be at most ${ADDRESS_MAX_LENGTH} characters` }),
  mapUrl: optionalUrl('Map link'),
  social: SocialLinksSchema,
});
export type SiteContentFields = z.output<typeof SiteContentFieldsSchema>;

/** `content.update`: the whole content, as the form holds it. */
export const SiteContentUpdateInputSchema = SiteContentFieldsSchema;
export type SiteContentUpdateInput = z.input<typeof SiteContentUpdateInputSchema>;

/** The site's content as the pages read it (`content.current`). */
export const SiteContentSchema = SiteContentFieldsSchema.extend({
  /** The hours in words, 'Mon-Fri 08:00-17:00 and Sat 08:00-13:00' (`openingHoursText`), derived by the server. */
  hoursText: text(),
  /** The footer's line: spec §1's 'Mon-Sat 8:00 AM to 6:00 PM' while the hours are the defaults, else `hoursText`. */
  footerHoursText: text(),
  /** Moves on every edit: 0 for the defaults nobody has edited yet. */
  version: z.number().int().min(0),
  /** When the staff last changed it; null for the defaults. */
  updatedAt: TimestampSchema.nullable(),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;

/** The editable fields of the content (what `content.update` takes): without its version, time and the hours in words. */
export function siteContentFields({ version: _version, updatedAt: _updatedAt, hoursText: _hoursText, footerHoursText: _footerHoursText, ...fields }: SiteContent): SiteContentFields {
  return fields;
}
