import { text } from '@dealership/shared-schemas';
import { z } from 'zod';

/** An import's milestones, in the order they happen: each needs the one before it. */
export const IMPORT_MILESTONES = [
  'bought',
  'paid-to-supplier',
  'export-certificate',
  'pre-shipment-inspection',
  'shipped',
  'arrived',
  'duty-paid',
  'released',
  'registered',
  'delivered',
] as const;
export type ImportMilestone = (typeof IMPORT_MILESTONES)[number];

/** The milestones' names, as staff pick them and buyers read them. */
export const IMPORT_MILESTONE_LABELS: Record<ImportMilestone, string> = {
  bought: 'Bought',
  'paid-to-supplier': 'Paid to supplier',
  'export-certificate': 'Export certificate',
  'pre-shipment-inspection': 'Pre-shipment inspection',
  shipped: 'Shipped',
  arrived: 'Arrived at Mombasa',
  'duty-paid': 'Duty paid',
  released: 'Released',
  registered: 'Registered',
  delivered: 'Delivered',
};

const field = (label: string, max = 120) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
const optionalField = (label: string, max = 120) =>
  text()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((value) => value || undefined);
const amountKes = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number of shillings` })
    .min(0, { error: `${label} must be 0 or more` })
    .max(100_000_000, { error: `${label} is too large` });

/**
 * Each milestone's own fields (besides its date and the staff note). The labels are the form's and
 * the tracking page's words; `buyerSees` lists what the buyer's page shows of them.
 */
export const MilestoneFieldsSchemas = {
  bought: z.object({ auctionSheet: optionalField('Auction sheet', 500) }),
  'paid-to-supplier': z.object({ paymentReference: optionalField('Payment reference', 60) }),
  'export-certificate': z.object({
    certificateNumber: optionalField('Certificate number', 60),
    mileageKm: z.number({ error: 'Mileage must be a number' }).int().min(0).max(2_000_000).optional(),
  }),
  'pre-shipment-inspection': z.object({ inspectionCompany: optionalField('Inspection company', 60), certificateNumber: optionalField('Certificate number', 60) }),
  shipped: z.object({
    vessel: field('Vessel'),
    voyage: optionalField('Voyage', 30),
    billOfLading: field('Bill of lading number', 40),
    portOfLoading: field('Port of loading', 60),
    estimatedArrival: z.iso.date({ error: 'Estimated arrival must be a date (YYYY-MM-DD)' }),
  }),
  arrived: z.object({}),
  'duty-paid': z.object({
    kraEntryNumber: field('KRA entry number', 40),
    dutyKes: amountKes('Duty paid (KES)'),
    otherChargesKes: amountKes('Other charges (KES)').optional(),
  }),
  released: z.object({ kebsCertificate: optionalField('KEBS certificate', 60) }),
  registered: z.object({ numberPlate: field('Number plate', 12).transform((value) => value.toUpperCase()) }),
  delivered: z.object({}),
} satisfies Record<ImportMilestone, z.ZodObject>;

/** The form's fields of each milestone, with their labels, and whether the buyer's page shows them. */
export const MILESTONE_FIELD_LABELS: Record<ImportMilestone, { name: string; label: string; kind: 'text' | 'number' | 'date'; required?: boolean; buyerSees?: boolean }[]> = {
  bought: [{ name: 'auctionSheet', label: 'Auction sheet', kind: 'text' }],
  'paid-to-supplier': [{ name: 'paymentReference', label: 'Payment reference', kind: 'text' }],
  'export-certificate': [
    { name: 'certificateNumber', label: 'Certificate number', kind: 'text' },
    { name: 'mileageKm', label: 'Mileage on the certificate (km)', kind: 'number', buyerSees: true },
  ],
  'pre-shipment-inspection': [
    { name: 'inspectionCompany', label: 'Inspection company', kind: 'text', buyerSees: true },
    { name: 'certificateNumber', label: 'Certificate number', kind: 'text' },
  ],
  shipped: [
    { name: 'vessel', label: 'Vessel', kind: 'text', required: true, buyerSees: true },
    { name: 'voyage', label: 'Voyage', kind: 'text', buyerSees: true },
    { name: 'billOfLading', label: 'Bill of lading number', kind: 'text', required: true },
    { name: 'portOfLoading', label: 'Port of loading', kind: 'text', required: true, buyerSees: true },
    { name: 'estimatedArrival', label: 'Estimated arrival', kind: 'date', required: true, buyerSees: true },
  ],
  arrived: [],
  'duty-paid': [
    { name: 'kraEntryNumber', label: 'KRA entry number', kind: 'text', required: true },
    { name: 'dutyKes', label: 'Duty paid (KES)', kind: 'number', required: true },
    { name: 'otherChargesKes', label: 'Other charges (KES)', kind: 'number' },
  ],
  released: [{ name: 'kebsCertificate', label: 'KEBS certificate', kind: 'text' }],
  registered: [{ name: 'numberPlate', label: 'Number plate', kind: 'text', required: true, buyerSees: true }],
  delivered: [],
};

/** How long a stage may last before the import is marked overdue on the board: no `next` this many days after `after`. */
export const OVERDUE_RULES: { after: ImportMilestone; next: ImportMilestone; days: number }[] = [
  { after: 'bought', next: 'paid-to-supplier', days: 7 },
  { after: 'paid-to-supplier', next: 'shipped', days: 21 },
  { after: 'arrived', next: 'released', days: 14 },
  { after: 'released', next: 'registered', days: 14 },
  { after: 'registered', next: 'delivered', days: 7 },
];

