import { KenyanPhoneSchema, optionalEmailSchema } from '@dealership/lead-schemas';
import { MpesaPhoneSchema } from '@dealership/order-schemas';
import { CAR_COST_CURRENCIES, CAR_COST_KINDS } from '@dealership/car-schemas';
import { IdSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';
import { IMPORT_MILESTONES, MilestoneFieldsSchemas } from './milestones';

export * from './milestones';

/** Longest free text of an import (a vessel's name, an auction house, a staff note). */
export const IMPORT_TEXT_MAX_LENGTH = 120;
export const IMPORT_NOTE_MAX_LENGTH = 1000;
/** The currencies a car is bought in at auction or from an exporter. */
export const PURCHASE_CURRENCIES = ['JPY', 'USD', 'GBP', 'EUR', 'AED', 'ZAR', 'KES'] as const;

const words = (label: string, max = IMPORT_TEXT_MAX_LENGTH) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
const optionalWords = (label: string, max = IMPORT_TEXT_MAX_LENGTH) =>
  text()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((value) => value || undefined);
const year = (label: string) =>
  z
    .number({ error: `${label} must be a year` })
    .int({ error: `${label} must be a year` })
    .min(1950, { error: `${label} must be 1950 or later` })
    .max(2100, { error: `${label} must be 2100 or earlier` });
const kes = (label: string, min = 0) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number of shillings` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(1_000_000_000, { error: `${label} is too large` });
export const ImportDateSchema = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });

/**
 * A chassis (frame) number as Japanese exporters write it, e.g. "NZE161-3012345", or a 17-character
 * VIN: letters, digits and hyphens, kept upper-case.
 */
export const ChassisNumberSchema = words('Chassis number', 30)
  .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
  .refine((value) => /^[A-Z0-9-]{5,30}$/.test(value), { error: 'Chassis number may hold only letters, digits and hyphens (5 to 30)' });

/**
 * An import opened by staff, from an import-request lead (`leadId`, its buyer and car prefilled by
 * the form) or for a buyer's account (`buyerUserId`). The car must be right-hand drive and young
 * enough for Kenya's eight-year rule (KS 1515) on its expected arrival.
 */
export const VehicleImportOpenInputSchema = z
  .object({
    leadId: IdSchema.optional(),
    buyerUserId: IdSchema.optional(),
    buyerName: words('Buyer name'),
    buyerPhone: KenyanPhoneSchema,
    buyerEmail: optionalEmailSchema('Buyer email'),
    make: words('Make', 60),
    model: words('Model', 60),
    yearOfManufacture: year('Year of manufacture'),
    yearOfFirstRegistration: year('Year of first registration'),
    chassisNumber: ChassisNumberSchema,
    auctionHouse: optionalWords('Auction house'),
    auctionLot: optionalWords('Auction lot', 30),
    auctionGrade: optionalWords('Auction grade', 8),
    rightHandDrive: z.boolean({ error: 'rightHandDrive must be true or false' }).default(true),
    exportCertificateKm: z.number({ error: 'Export certificate mileage must be a number' }).int().min(0).max(2_000_000).optional(),
    purchaseCurrency: z.enum(PURCHASE_CURRENCIES, { error: `Purchase currency must be one of: ${PURCHASE_CURRENCIES.join(', ')}` }).default('JPY'),
    /** The price agreed with the supplier, in the purchase currency. */
    purchasePrice: z.number({ error: 'Purchase price must be a number' }).positive({ error: 'Purchase price must be more than 0' }).max(1e12).optional(),
    /** Shillings per unit of the purchase currency, as used for the buyer's price. */
    exchangeRate: z.number({ error: 'Exchange rate must be a number' }).positive({ error: 'Exchange rate must be more than 0' }).max(100_000).optional(),
    agreedPriceKes: kes('Agreed price (KES)', 1),
    depositKes: kes('Deposit (KES)').default(0),
    /** When the car is expected at Mombasa (default: 6 weeks from today): the eight-year rule is reckoned then. */
    expectedArrival: ImportDateSchema('Expected arrival').optional(),
    staffNote: optionalWords('Staff note', IMPORT_NOTE_MAX_LENGTH),
  })
  .superRefine((input, context) => {
    if (input.yearOfFirstRegistration < input.yearOfManufacture)
      context.addIssue({ code: 'custom', path: ['yearOfFirstRegistration'], message: 'Year of first registration cannot be before the year of manufacture' });
    if (input.depositKes > input.agreedPriceKes) context.addIssue({ code: 'custom', path: ['depositKes'], message: 'The deposit cannot be more than the agreed price' });
    if (input.rightHandDrive === false)
      context.addIssue({ code: 'custom', path: ['rightHandDrive'], message: 'Kenya registers only right-hand-drive cars: a left-hand-drive car cannot be imported' });
  });
export type VehicleImportOpenInput = z.input<typeof VehicleImportOpenInputSchema>;
export type VehicleImportOpenFields = z.output<typeof VehicleImportOpenInputSchema>;

/**
 * A milestone recorded (or corrected: the same milestone again) on an import, with its own fields
 * (`MilestoneFieldsSchemas`), checked after the milestone is known: refusals name `fields.<name>`.
 */
export const MilestoneRecordInputSchema = z
  .object({
    importId: IdSchema,
    milestone: z.enum(IMPORT_MILESTONES, { error: `Milestone must be one of: ${IMPORT_MILESTONES.join(', ')}` }),
    occurredOn: ImportDateSchema('Date'),
    fields: z.record(z.string(), z.unknown(), { error: 'fields must be an object' }).default({}),
    staffNote: optionalWords('Staff note', IMPORT_NOTE_MAX_LENGTH),
  })
  .transform((input, context) => {
    const parsed = MilestoneFieldsSchemas[input.milestone].safeParse(input.fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: ['fields', ...issue.path.map(String)], message: issue.message });
      return z.NEVER;
    }
    return { ...input, fields: parsed.data as Record<string, unknown> };
  });
export type MilestoneRecordInput = z.input<typeof MilestoneRecordInputSchema>;
export type MilestoneRecordFields = z.output<typeof MilestoneRecordInputSchema>;

/** A payment the dealer received towards an import (the deposit or the balance). */
export const PAYMENT_METHODS = ['mpesa', 'card', 'bank', 'cash'] as const;
export const ImportPaymentInputSchema = z.object({
  importId: IdSchema,
  amountKes: kes('Amount (KES)', 1),
  method: z.enum(PAYMENT_METHODS, { error: `Method must be one of: ${PAYMENT_METHODS.join(', ')}` }),
  reference: optionalWords('Reference', 60),
  receivedOn: ImportDateSchema('Received on'),
});
export type ImportPaymentFields = z.output<typeof ImportPaymentInputSchema>;

/** Owners only: the buyer's agreed price and deposit. */
export const ImportPriceInputSchema = z.object({ importId: IdSchema, agreedPriceKes: kes('Agreed price (KES)', 1), depositKes: kes('Deposit (KES)') });
export type ImportPriceFields = z.output<typeof ImportPriceInputSchema>;

export const VehicleImportByIdInputSchema = z.object({ id: IdSchema });
const TrackingTokenSchema = text().trim().min(1, { error: 'token is required' }).max(200, { error: 'token is too long' });
export const VehicleImportTrackInputSchema = z.object({ token: TrackingTokenSchema });
/** The buyer pays what is due (the deposit, then the balance) by M-Pesa from their tracking page. */
export const ImportMpesaPayInputSchema = z.object({ token: TrackingTokenSchema, phone: MpesaPhoneSchema });
export type ImportMpesaPayInput = z.input<typeof ImportMpesaPayInputSchema>;
/** The page polls the request while the buyer enters their PIN. */
export const ImportMpesaPaymentInputSchema = z.object({ token: TrackingTokenSchema, paymentId: IdSchema });
/** Or pays what is due by card: the Braintree Drop-in's one-time nonce. */
export const ImportCardPayInputSchema = z.object({
  token: TrackingTokenSchema,
  nonce: text({ error: 'nonce is required' }).trim().min(1, { error: 'nonce is required' }).max(4096, { error: 'nonce is too long' }),
});

/** A milestone as staff read it. */
export const MilestoneSchema = z.object({
  milestone: z.enum(IMPORT_MILESTONES),
  occurredOn: z.iso.date(),
  fields: z.record(z.string(), z.unknown()),
  staffNote: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: TimestampSchema,
  correctedAt: TimestampSchema.nullable(),
});
export type Milestone = z.infer<typeof MilestoneSchema>;

export const ImportPaymentSchema = z.object({
  id: IdSchema,
  amountKes: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  receivedOn: z.iso.date(),
});

/** The largest paper staff may attach to an import (a scanned PDF of a few pages). */
export const IMPORT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** One of an import's papers, as staff read it; `url` needs their token. */
export const ImportDocumentSchema = z.object({
  id: IdSchema,
  title: z.string(),
  contentType: z.enum(['application/pdf', 'image/webp']),
  fileName: z.string(),
  byteSize: z.number().int(),
  sharedWithBuyer: z.boolean(),
  uploadedBy: z.string(),
  uploadedAt: TimestampSchema,
  url: z.string(),
});
export type ImportDocument = z.infer<typeof ImportDocumentSchema>;

/** `POST /api/imports/:id/documents`' query: what the paper is, and whether the buyer sees it. */
export const ImportDocumentUploadQuerySchema = z.object({
  title: words('Title', 80),
  shared: z
    .enum(['true', 'false'], { error: 'shared must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export const ImportDocumentShareInputSchema = z.object({ documentId: IdSchema, sharedWithBuyer: z.boolean({ error: 'sharedWithBuyer must be true or false' }) });
export const ImportDocumentRemoveInputSchema = z.object({ documentId: IdSchema });

/** An import as the back office reads it. */
export const VehicleImportSchema = z.object({
  id: IdSchema,
  reference: z.string(),
  leadId: IdSchema.nullable(),
  buyerUserId: IdSchema.nullable(),
  buyerName: z.string(),
  buyerPhone: z.string(),
  buyerEmail: z.string().nullable(),
  make: z.string(),
  model: z.string(),
  yearOfManufacture: z.number().int(),
  yearOfFirstRegistration: z.number().int(),
  chassisNumber: z.string(),
  auctionHouse: z.string().nullable(),
  auctionLot: z.string().nullable(),
  auctionGrade: z.string().nullable(),
  rightHandDrive: z.boolean(),
  exportCertificateKm: z.number().int().nullable(),
  purchaseCurrency: z.enum(PURCHASE_CURRENCIES),
  purchasePrice: z.number().nullable(),
  exchangeRate: z.number().nullable(),
  agreedPriceKes: z.number().int(),
  depositKes: z.number().int(),
  paidKes: z.number().int(),
  expectedArrival: z.iso.date(),
  /** Every estimate of the arrival, oldest first (the one at opening, then each change). */
  arrivalEstimates: z.array(z.object({ estimatedArrival: z.iso.date(), recordedAt: TimestampSchema })),
  staffNote: z.string().nullable(),
  milestones: z.array(MilestoneSchema),
  payments: z.array(ImportPaymentSchema),
  documents: z.array(ImportDocumentSchema),
  /** The last milestone reached; null before "Bought". */
  stage: z.enum(IMPORT_MILESTONES).nullable(),
  /** The buyer's tracking page (a signed link). */
  trackingUrl: z.string(),
  /** Warnings for staff (e.g. an arrival that moves past the eight-year rule). */
  warnings: z.array(z.string()),
  /**
   * Once duty is paid: the duty estimator's rates in force on that day (the owner's dated rate
   * set), to compare with what KRA assessed.
   */
  dutyRatesOnDutyPaid: z
    .object({
      effectiveFrom: z.iso.date(),
      importDuty: z.number(),
      exciseSmall: z.number(),
      exciseMid: z.number(),
      exciseLarge: z.number(),
      vat: z.number(),
      idf: z.number(),
      rdl: z.number(),
    })
    .nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type VehicleImport = z.infer<typeof VehicleImportSchema>;

/** An import on the board: one card. */
export const ImportCardSchema = VehicleImportSchema.pick({
  id: true,
  reference: true,
  buyerName: true,
  buyerPhone: true,
  make: true,
  model: true,
  yearOfManufacture: true,
  yearOfFirstRegistration: true,
  expectedArrival: true,
  stage: true,
  agreedPriceKes: true,
  paidKes: true,
}).extend({
  /** When the stage was reached (YYYY-MM-DD); null before "Bought". */
  stageOn: z.iso.date().nullable(),
  /** Why it is late (e.g. "No Shipped 21 days after Paid to supplier"), or null. */
  overdue: z.string().nullable(),
});
export type ImportCard = z.infer<typeof ImportCardSchema>;

export const ImportBoardInputSchema = z.object({
  search: text().trim().max(80, { error: 'Search must be at most 80 characters' }).optional(),
  overdueOnly: z.boolean().optional(),
  /** Delivered imports too (default: the ones still under way). */
  includeDelivered: z.boolean().optional(),
});

/** The imports board and its figures. */
export const ImportBoardSchema = z.object({
  cards: z.array(ImportCardSchema),
  /** Imports per stage ('open' for those not yet bought). */
  counts: z.record(z.string(), z.number().int()),
  report: z.object({
    /** Median days from Bought to Delivered over the delivered imports; null when none. */
    medianDaysBoughtToDelivered: z.number().nullable(),
    /** Shipped and not yet arrived. */
    inTransit: z.number().int(),
    /** Payments received for imports not yet delivered (KES). */
    moneyHeldKes: z.number().int(),
  }),
});
export type ImportBoard = z.infer<typeof ImportBoardSchema>;

/** What the buyer's tracking page shows: never staff notes, the buyer's contacts or the prices paid to the supplier. */
export const ImportTrackingSchema = z.object({
  reference: z.string(),
  car: z.string(),
  expectedArrival: z.iso.date(),
  vessel: z.string().nullable(),
  timeline: z.array(z.object({ milestone: z.enum(IMPORT_MILESTONES), occurredOn: z.iso.date().nullable(), details: z.array(z.object({ label: z.string(), value: z.string() })) })),
  agreedPriceKes: z.number().int(),
  paidKes: z.number().int(),
  dueKes: z.number().int(),
  /** What the buyer pays next and can pay from the page: the rest of the deposit, then the balance; null when paid in full. */
  nextPayment: z.object({ kind: z.enum(['deposit', 'balance']), amountKes: z.number().int() }).nullable(),
  /** Whether M-Pesa payments are configured (the page offers "Pay by M-Pesa"). */
  mpesaPayments: z.boolean(),
  /** Whether card payments are configured (the page offers "Pay by card"). */
  cardPayments: z.boolean(),
  /** The papers staff shared, each downloaded through this page's link. */
  documents: z.array(z.object({ title: z.string(), fileName: z.string(), contentType: z.string(), byteSize: z.number().int(), url: z.string() })),
});
export type ImportTracking = z.infer<typeof ImportTrackingSchema>;

/** A signed-in buyer's imports (My Orders). */
export const MyImportSchema = z.object({ reference: z.string(), car: z.string(), stage: z.enum(IMPORT_MILESTONES).nullable(), expectedArrival: z.iso.date(), trackingUrl: z.string() });
export type MyImport = z.infer<typeof MyImportSchema>;

/** Owners: the costs an import recorded for a car of the stock with its chassis number (the car's Costs section). */
export const ImportCostsForChassisInputSchema = z.object({ chassisNumber: ChassisNumberSchema });
/**
 * What an import knows of a car's cost, as cost lines to add (the car domain's `CarCostFieldsInput`):
 * the purchase in its currency at the rate used, the duty and the other charges KRA's entry named.
 */
export const ImportCostSuggestionsSchema = z
  .object({
    importId: IdSchema,
    reference: z.string(),
    costs: z.array(
      z.object({
        kind: z.enum(CAR_COST_KINDS),
        currency: z.enum(CAR_COST_CURRENCIES),
        amount: z.number(),
        exchangeRate: z.number().optional(),
        supplier: z.string().optional(),
        receipt: z.string().optional(),
      }),
    ),
  })
  .nullable();
export type ImportCostSuggestions = z.infer<typeof ImportCostSuggestionsSchema>;
