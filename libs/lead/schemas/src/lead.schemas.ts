import { IdSchema, pageOf, PageInputSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';
import { normaliseKenyanPhone } from './kenyan-phone';

/** Longest name a lead may carry. */
export const LEAD_NAME_MAX_LENGTH = 120;
/** Longest message, and longest staff note. */
export const LEAD_MESSAGE_MAX_LENGTH = 2000;

/** What the buyer asks for. Only the enquiry has its form so far; the others come with their forms. */
export const LEAD_KINDS = ['enquiry', 'test-drive', 'trade-in', 'import', 'financing'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  enquiry: 'Enquiry',
  'test-drive': 'Test drive',
  'trade-in': 'Trade-in',
  import: 'Import on behalf',
  financing: 'Financing',
};

/** Where the staff are with a lead. */
export const LEAD_STATUSES = ['New', 'Contacted', 'Won', 'Lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LeadKindSchema = z.enum(LEAD_KINDS, { error: `kind must be one of: ${LEAD_KINDS.join(', ')}` });
export const LeadStatusSchema = z.enum(LEAD_STATUSES, { error: `status must be one of: ${LEAD_STATUSES.join(', ')}` });

/** A buyer's request as the staff see it in the inbox. */
export const LeadSchema = z.object({
  id: IdSchema,
  kind: LeadKindSchema,
  name: text(),
  /** +254 and nine digits. */
  phone: text(),
  email: text().nullable(),
  message: text(),
  /** The car asked about; null when none, or once the car is deleted. */
  car: z.object({ id: IdSchema, name: text(), slug: text() }).nullable(),
  /** The day the buyer would like (YYYY-MM-DD). */
  preferredDate: z.iso.date().nullable(),
  status: LeadStatusSchema,
  /** The staff's note. */
  note: text().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Lead = z.infer<typeof LeadSchema>;

export const LeadNameSchema = text({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(LEAD_NAME_MAX_LENGTH, { error: `Name must be at most ${LEAD_NAME_MAX_LENGTH} characters` });

/** The message Kenyan phone numbers are refused with. */
export const LEAD_PHONE_MESSAGE = 'Enter a Kenyan phone number, e.g. 0712 345 678';

/** A Kenyan mobile or landline number in any usual writing, stored as +254 and nine digits. */
export const KenyanPhoneSchema = text({ error: LEAD_PHONE_MESSAGE })
  .trim()
  .min(1, { error: 'Phone is required' })
  .transform((value, context) => {
    const phone = normaliseKenyanPhone(value);
    if (phone === null) {
      context.issues.push({ code: 'custom', message: LEAD_PHONE_MESSAGE, input: value });
      return z.NEVER;
    }
    return phone;
  });

/** Today in Nairobi (YYYY-MM-DD): the dealer's calendar. */
export function nairobiToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A new lead, as the buyer's form sends it. `website` is the honeypot: people leave it empty. */
export const LeadCreateInputSchema = z.object({
  kind: LeadKindSchema.default('enquiry'),
  name: LeadNameSchema,
  phone: KenyanPhoneSchema,
  email: text()
    .trim()
    .max(254, { error: 'Email must be at most 254 characters' })
    .pipe(z.union([z.literal(''), z.email({ error: 'Enter a valid email address' })]))
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined)),
  message: text({ error: 'Message is required' })
    .trim()
    .min(1, { error: 'Message is required' })
    .max(LEAD_MESSAGE_MAX_LENGTH, { error: `Message must be at most ${LEAD_MESSAGE_MAX_LENGTH} characters` }),
  carId: IdSchema.optional(),
  // A date field the visitor filled and then cleared sends '': no date.
  preferredDate: text()
    .pipe(
      z.union([
        z.literal(''),
        z.iso.date({ error: 'Preferred date must be a date (YYYY-MM-DD)' }).refine((day) => day >= nairobiToday(), { error: 'Preferred date cannot be in the past' }),
      ]),
    )
    .optional()
    .transform((value) => value || undefined),
  website: text().max(500).optional(),
});
export type LeadCreateInput = z.input<typeof LeadCreateInputSchema>;
export type LeadCreateFields = z.output<typeof LeadCreateInputSchema>;

/** The staff move a lead along the pipeline, with a note. */
export const LeadSetStatusInputSchema = z.object({
  id: IdSchema,
  status: LeadStatusSchema,
  note: text()
    .trim()
    .max(LEAD_MESSAGE_MAX_LENGTH, { error: `Note must be at most ${LEAD_MESSAGE_MAX_LENGTH} characters` })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type LeadSetStatusInput = z.input<typeof LeadSetStatusInputSchema>;
export type LeadSetStatusFields = z.output<typeof LeadSetStatusInputSchema>;

/** A page of the inbox, newest first, by kind and status. */
export const LeadListInputSchema = z.object({ kind: LeadKindSchema.optional(), status: LeadStatusSchema.optional(), ...PageInputSchema.shape });
export type LeadListInput = z.input<typeof LeadListInputSchema>;
export type LeadListFilters = z.output<typeof LeadListInputSchema>;

/** A page of leads, with the number of New ones in the whole inbox (the admin menu's badge). */
export const LeadPageSchema = pageOf(LeadSchema).extend({ newCount: z.number().int() });
export type LeadPage = z.infer<typeof LeadPageSchema>;
