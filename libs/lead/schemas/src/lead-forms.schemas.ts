import { ImageRefSchema } from '@dealership/media-schemas';
import { FINANCE_TERM_MONTHS } from '@dealership/setting-schemas';
import { IdSchema, text } from '@dealership/shared-schemas';
import { z } from 'zod';
import { DEFAULT_OPENING_HOURS, type OpeningHours, openingHoursText } from '@dealership/content-schemas';
import { oldestImportableYear } from './import-rule';
import { normaliseKenyanPhone } from '@dealership/shared-schemas';
import {
  INCOME_BANDS,
  LEAD_CONSENT_MESSAGE,
  LEAD_FORM_KINDS,
  LEAD_KINDS,
  LEAD_MESSAGE_MAX_LENGTH,
  LEAD_NAME_MAX_LENGTH,
  LEAD_PHONE_MESSAGE,
  LEAD_STATUSES,
  nairobiToday,
  testDriveHoursMessage,
  TRADE_IN_CONDITIONS,
  TRADE_IN_MAX_PHOTOS,
} from './lead.constants';
import { nairobiTime, slotProblem, TEST_DRIVE_SLOT_MINUTES, WEEKDAY_NAMES, weekdayOf } from './opening-hours';

export const LeadKindSchema = z.enum(LEAD_KINDS, { error: `kind must be one of: ${LEAD_KINDS.join(', ')}` });
export const LeadStatusSchema = z.enum(LEAD_STATUSES, { error: `status must be one of: ${LEAD_STATUSES.join(', ')}` });

export const LeadNameSchema = text({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(LEAD_NAME_MAX_LENGTH, { error: `Name must be at most ${LEAD_NAME_MAX_LENGTH} characters` });

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

/** An email a person may leave out: blank is none, kept lower-case; `label` names it in the length message. */
export const optionalEmailSchema = (label: string) =>
  text()
    .trim()
    .max(254, { error: `${label} must be at most 254 characters` })
    .pipe(z.union([z.literal(''), z.email({ error: 'Enter a valid email address' })]))
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined));

/** Email, optional: blank is none, kept lower-case. */
const LeadEmailSchema = optionalEmailSchema('Email');

/** The buyer's consent to be contacted about the request: the form's box, unticked until they tick it. */
const ConsentSchema = z.boolean({ error: LEAD_CONSENT_MESSAGE }).refine((given) => given, { error: LEAD_CONSENT_MESSAGE });

/** The honeypot: people leave it empty. */
const HoneypotSchema = text().max(500).optional();

/** A message the buyer may add (every kind but the enquiry, whose message is the point). */
const OptionalMessageSchema = text()
  .trim()
  .max(LEAD_MESSAGE_MAX_LENGTH, { error: `Message must be at most ${LEAD_MESSAGE_MAX_LENGTH} characters` })
  .default('');

/** A short word the buyer types (a make, a model, a colour). */
const wordSchema = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(60, { error: `${label} must be at most 60 characters` });

/**
 * A number typed in a form's box: an empty box ('') is a missing number, said in the field's
 * words; the stored value is the number.
 */
const formNumber = (label: string, schema: z.ZodNumber) =>
  z
    .union([z.literal(''), schema], { error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .refine((value) => value !== '', { error: `${label} is required` })
    .transform((value) => value as number);

/** An optional number typed in a form's box: an empty box is none. */
const optionalFormNumber = (label: string, schema: z.ZodNumber) =>
  z
    .union([z.literal(''), schema], { error: `${label} must be a number` })
    .transform((value) => (value === '' ? undefined : value))
    // Optional last, so the key is optional in the output too (as it is once sent as JSON).
    .optional();

/** Whole Kenyan shillings, above zero (a price, a budget). */
const kes = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be whole shillings` })
    .min(1, { error: `${label} must be more than KES 0` })
    .max(1_000_000_000, { error: `${label} must be at most KES 1,000,000,000` });

/** The year of the Nairobi calendar today. */
const thisYear = () => Number(nairobiToday().slice(0, 4));

/** A model year: from 1980 to next year (a new model is sold the year before its name). */
const modelYear = (label: string) =>
  z
    .number({ error: `${label} must be a year` })
    .int({ error: `${label} must be a year` })
    .min(1980, { error: `${label} must be 1980 or later` })
    .refine((year) => year <= thisYear() + 1, { error: `${label} cannot be in the future` });

/** A day from today on (YYYY-MM-DD), Nairobi's calendar. */
const upcomingDay = z.iso
  .date({ error: 'Preferred date must be a date (YYYY-MM-DD)' })
  .refine((day) => day >= nairobiToday(), { error: 'Preferred date cannot be in the past' });

// What every buyer gives: who they are and how to reach them.
const contact = { name: LeadNameSchema, phone: KenyanPhoneSchema, email: LeadEmailSchema, consent: ConsentSchema, website: HoneypotSchema };

/** A question to the dealer, about a car or not (the enquiry form of the car page and /contact). */
export const EnquiryLeadSchema = z.object({
  kind: z.literal('enquiry').default('enquiry'),
  ...contact,
  message: text({ error: 'Message is required' })
    .trim()
    .min(1, { error: 'Message is required' })
    .max(LEAD_MESSAGE_MAX_LENGTH, { error: `Message must be at most ${LEAD_MESSAGE_MAX_LENGTH} characters` }),
  carId: IdSchema.optional(),
  // A date field the visitor filled and then cleared sends '': no date.
  preferredDate: text()
    .pipe(z.union([z.literal(''), upcomingDay]))
    .optional()
    .transform((value) => value || undefined),
});

/** What a test-drive slot's problem says, at which field: the hours in it are the ones in force. */
function slotMessage(problem: NonNullable<ReturnType<typeof slotProblem>>, date: string, hours: OpeningHours): { path: string; message: string } {
  switch (problem) {
    case 'closed-day':
      return {
        path: 'preferredDate',
        message: `Preferred date is a ${WEEKDAY_NAMES[weekdayOf(date) ?? 0]}, when we are closed. We open ${openingHoursText(hours)}: choose another day`,
      };
    case 'not-a-time':
      return { path: 'preferredTime', message: 'Preferred time must be a time (HH:MM)' };
    case 'off-slot':
      return { path: 'preferredTime', message: `Preferred time must be on the hour or half past (test drives take ${TEST_DRIVE_SLOT_MINUTES} minutes)` };
    case 'outside-hours':
      return { path: 'preferredTime', message: `Preferred time is outside our hours. ${testDriveHoursMessage(hours)}` };
    case 'passed':
      return { path: 'preferredTime', message: 'Preferred time has passed: choose a later time today, or another day' };
  }
}

/** A test drive of a car, in a 30-minute slot within the showroom's hours `hours` (Nairobi time). */
function buildTestDriveLeadSchema(hours: OpeningHours) {
  return z
    .object({
      kind: z.literal('test-drive'),
      ...contact,
      message: OptionalMessageSchema,
      carId: z.uuid({ error: (issue) => (issue.input === undefined ? 'carId: choose the car to test drive' : 'carId must be a valid id') }),
      preferredDate: text({ error: 'Preferred date is required' }).min(1, { error: 'Preferred date is required' }).pipe(upcomingDay),
      preferredTime: text({ error: 'Preferred time is required' }).min(1, { error: 'Preferred time is required' }),
    })
    .superRefine((lead, context) => {
      const problem = slotProblem(lead.preferredDate, lead.preferredTime, nairobiToday(), nairobiTime(), hours);
      if (!problem) return;
      const { path, message } = slotMessage(problem, lead.preferredDate, hours);
      context.addIssue({ code: 'custom', path: [path], message });
    });
}

/** A test drive of a car in the default hours; `leadCreateInputSchemaFor` checks it against the hours in force. */
export const TestDriveLeadSchema = buildTestDriveLeadSchema(DEFAULT_OPENING_HOURS);

/** The buyer's car they would trade in. */
export const TradeInDetailsSchema = z.object({
  make: wordSchema('Make'),
  model: wordSchema('Model'),
  year: formNumber('Year', modelYear('Year')),
  mileage: formNumber(
    'Mileage',
    z
      .number({ error: 'Mileage must be a number' })
      .int({ error: 'Mileage must be whole kilometres' })
      .min(0, { error: 'Mileage cannot be negative' })
      .max(2_000_000, { error: 'Mileage must be at most 2,000,000 km' }),
  ),
  condition: z.enum(TRADE_IN_CONDITIONS, { error: `Condition must be one of: ${TRADE_IN_CONDITIONS.join(', ')}` }),
  askingPrice: optionalFormNumber('Asking price', kes('Asking price')),
  /** Pictures of the car, stored by this site's media module. */
  photos: z
    .array(ImageRefSchema)
    .max(TRADE_IN_MAX_PHOTOS, { error: `Photos: at most ${TRADE_IN_MAX_PHOTOS}` })
    .default([]),
});
export type TradeInDetails = z.output<typeof TradeInDetailsSchema>;

/** A trade-in: the buyer's car, for an estimate. */
export const TradeInLeadSchema = z.object({ kind: z.literal('trade-in'), ...contact, message: OptionalMessageSchema, details: TradeInDetailsSchema });

/** The car a buyer wants imported on their behalf. */
export const ImportDetailsSchema = z
  .object({
    make: wordSchema('Make'),
    model: wordSchema('Model'),
    yearFrom: formNumber('Year from', modelYear('Year from')),
    yearTo: formNumber('Year to', modelYear('Year to')),
    budget: formNumber('Budget', kes('Budget')),
    colour: text()
      .trim()
      .max(60, { error: 'Colour must be at most 60 characters' })
      .transform((value) => value || undefined)
      .optional(),
  })
  .superRefine((details, context) => {
    const oldest = oldestImportableYear();
    if (details.yearFrom < oldest) {
      context.addIssue({
        code: 'custom',
        path: ['yearFrom'],
        message: `Kenya admits used cars first registered less than eight years before they arrive: the oldest year you can import now is ${oldest}`,
      });
    }
    if (details.yearTo < details.yearFrom) context.addIssue({ code: 'custom', path: ['yearTo'], message: 'Year to cannot be before Year from' });
  });
export type ImportDetails = z.output<typeof ImportDetailsSchema>;

/** An import on behalf. */
export const ImportLeadSchema = z.object({ kind: z.literal('import'), ...contact, message: OptionalMessageSchema, details: ImportDetailsSchema });

/** The terms a buyer would like financed. */
export const FinancingDetailsSchema = z
  .object({
    price: formNumber('Price', kes('Price')),
    deposit: formNumber(
      'Deposit',
      z
        .number({ error: 'Deposit must be a number' })
        .int({ error: 'Deposit must be whole shillings' })
        .min(0, { error: 'Deposit cannot be negative' })
        .max(1_000_000_000, { error: 'Deposit must be at most KES 1,000,000,000' }),
    ),
    months: formNumber(
      'Months',
      z
        .number({ error: 'Months must be a number' })
        .int({ error: 'Months must be a whole number' })
        .min(FINANCE_TERM_MONTHS.min, { error: `Months must be from ${FINANCE_TERM_MONTHS.min} to ${FINANCE_TERM_MONTHS.max}` })
        .max(FINANCE_TERM_MONTHS.max, { error: `Months must be from ${FINANCE_TERM_MONTHS.min} to ${FINANCE_TERM_MONTHS.max}` }),
    ),
    incomeBand: z.enum(INCOME_BANDS, { error: `Monthly income must be one of: ${INCOME_BANDS.join(', ')}` }),
  })
  .superRefine((details, context) => {
    if (details.deposit >= details.price) context.addIssue({ code: 'custom', path: ['deposit'], message: 'Deposit must be less than the price' });
  });
export type FinancingDetails = z.output<typeof FinancingDetailsSchema>;

/** A financing application's first step (the staff collect documents in person). */
export const FinancingLeadSchema = z.object({
  kind: z.literal('financing'),
  ...contact,
  message: OptionalMessageSchema,
  carId: IdSchema.optional(),
  details: FinancingDetailsSchema,
});

const leadCreateInputSchemaOf = (testDrive: typeof TestDriveLeadSchema) =>
  z.discriminatedUnion('kind', [EnquiryLeadSchema, testDrive, TradeInLeadSchema, ImportLeadSchema, FinancingLeadSchema], {
    error: (issue) => (issue.code === 'invalid_union' ? `kind must be one of: ${LEAD_FORM_KINDS.join(', ')}` : undefined),
  });

/**
 * A new lead, as the buyer's form sends it: one shape per kind (`kind` defaults to 'enquiry').
 * `website` is the honeypot: people leave it empty. Test drives in the default hours; the server
 * and the forms check them with `leadCreateInputSchemaFor` and the hours in force.
 */
export const LeadCreateInputSchema = leadCreateInputSchemaOf(TestDriveLeadSchema);

const schemasByHours = new WeakMap<OpeningHours, { lead: typeof LeadCreateInputSchema; testDrive: typeof TestDriveLeadSchema }>();
function schemasFor(hours: OpeningHours) {
  let schemas = schemasByHours.get(hours);
  if (!schemas) {
    const testDrive = buildTestDriveLeadSchema(hours);
    schemasByHours.set(hours, (schemas = { lead: leadCreateInputSchemaOf(testDrive), testDrive }));
  }
  return schemas;
}

/** `LeadCreateInputSchema` with test drives checked against `hours` (the site content's, content domain); one schema per hours object. */
export function leadCreateInputSchemaFor(hours: OpeningHours): typeof LeadCreateInputSchema {
  return schemasFor(hours).lead;
}

/** `TestDriveLeadSchema` with its slot checked against `hours`. */
export function testDriveLeadSchemaFor(hours: OpeningHours): typeof TestDriveLeadSchema {
  return schemasFor(hours).testDrive;
}
export type LeadCreateInput = z.input<typeof LeadCreateInputSchema>;
export type LeadCreateFields = z.output<typeof LeadCreateInputSchema>;
export type EnquiryLeadInput = z.input<typeof EnquiryLeadSchema>;
export type TestDriveLeadInput = z.input<typeof TestDriveLeadSchema>;
export type TradeInLeadInput = z.input<typeof TradeInLeadSchema>;
export type ImportLeadInput = z.input<typeof ImportLeadSchema>;
export type FinancingLeadInput = z.input<typeof FinancingLeadSchema>;
