import { ImageRefSchema } from '@dealership/media-schemas';
import { IdSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Limits of a checklist: a point's or area's name, the areas, the points of an area and in all. */
export const CHECKLIST_LIMITS = { nameMaxLength: 120, areas: 30, pointsPerArea: 60, points: 300, noteMaxLength: 500 } as const;
/** Longest note on a point, inspector's name, grade. */
export const INSPECTION_LIMITS = { noteMaxLength: 500, inspectorMaxLength: 120, gradeMaxLength: 8, odometerMaxKm: 2_000_000 } as const;

/** How a point came out. */
export const POINT_STATUSES = ['pass', 'attention', 'fail'] as const;
export const PointStatusSchema = z.enum(POINT_STATUSES, { error: `status must be one of: ${POINT_STATUSES.join(', ')}` });
export type PointStatus = z.infer<typeof PointStatusSchema>;

const NameSchema = (what: string) =>
  text({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(CHECKLIST_LIMITS.nameMaxLength, { error: `${what} must be at most ${CHECKLIST_LIMITS.nameMaxLength} characters` });

/** An area of the checklist (Engine, Brakes, ...) and its points, in order. */
export const ChecklistAreaSchema = z.object({
  name: NameSchema('Area name'),
  points: z
    .array(NameSchema('Point'))
    .min(1, { error: 'An area needs at least one point' })
    .max(CHECKLIST_LIMITS.pointsPerArea, { error: `An area has at most ${CHECKLIST_LIMITS.pointsPerArea} points` }),
});
export type ChecklistArea = z.infer<typeof ChecklistAreaSchema>;

const AreasSchema = z
  .array(ChecklistAreaSchema)
  .min(1, { error: 'A checklist needs at least one area' })
  .max(CHECKLIST_LIMITS.areas, { error: `A checklist has at most ${CHECKLIST_LIMITS.areas} areas` })
  .refine((areas) => areas.reduce((n, area) => n + area.points.length, 0) <= CHECKLIST_LIMITS.points, {
    error: `A checklist has at most ${CHECKLIST_LIMITS.points} points`,
  })
  // The report names areas and points: two of one name would read as one (and share a status).
  .superRefine((areas, ctx) => {
    const areaNames = new Set<string>();
    for (const [a, area] of areas.entries()) {
      const areaName = area.name.toLowerCase();
      if (areaNames.has(areaName)) ctx.addIssue({ code: 'custom', path: [a, 'name'], message: `The area "${area.name}" is there twice` });
      areaNames.add(areaName);
      const points = new Set<string>();
      for (const [p, point] of area.points.entries()) {
        if (points.has(point.toLowerCase())) ctx.addIssue({ code: 'custom', path: [a, 'points', p], message: `"${point}" is in ${area.name} twice` });
        points.add(point.toLowerCase());
      }
    }
  });

/**
 * A dated version of the inspection checklist (like the dated rate sets): it applies to inspections
 * made from `effectiveFrom` until the next version's date; an inspection keeps the version it was made on.
 * Points are numbered across the areas in order (0, 1, ...): an inspection's results name them so.
 */
export const ChecklistSchema = z.object({
  id: IdSchema,
  /** YYYY-MM-DD. */
  effectiveFrom: z.iso.date(),
  areas: z.array(ChecklistAreaSchema),
  /** How many points in all. */
  pointCount: z.number().int(),
  note: text().nullable(),
  createdAt: TimestampSchema,
});
export type Checklist = z.infer<typeof ChecklistSchema>;

const EffectiveFromSchema = z.iso.date({ error: 'effectiveFrom must be a date (YYYY-MM-DD)' });
const OptionalNote = (max: number) =>
  text()
    .trim()
    .max(max, { error: `Note must be at most ${max} characters` })
    .optional()
    .transform((value) => value || undefined);

/** A new checklist version, from its date (the owner's edit). */
export const ChecklistCreateInputSchema = z.object({
  effectiveFrom: EffectiveFromSchema,
  areas: AreasSchema,
  note: OptionalNote(CHECKLIST_LIMITS.noteMaxLength),
});
export type ChecklistCreateInput = z.input<typeof ChecklistCreateInputSchema>;
export type ChecklistCreateFields = z.output<typeof ChecklistCreateInputSchema>;

/** The version in force on a date (today when none is given). */
export const ChecklistInForceInputSchema = z.object({ on: EffectiveFromSchema.optional() });

/** A point's result; points not listed passed without a note. */
export const PointResultSchema = z.object({
  /** The point's number in the checklist version (0-based, across the areas in order). */
  point: z.number({ error: 'point must be a number' }).int({ error: 'point must be a whole number' }).min(0, { error: 'point must be 0 or more' }),
  status: PointStatusSchema,
  note: OptionalNote(INSPECTION_LIMITS.noteMaxLength),
  photo: ImageRefSchema.optional(),
});

/** A point's result as kept: those that did not simply pass, or carry a note or photo. */
export const StoredPointResultSchema = z.object({
  point: z.number().int(),
  status: PointStatusSchema,
  note: z.string().optional(),
  photo: ImageRefSchema.optional(),
});
export type PointResult = z.infer<typeof StoredPointResultSchema>;

const GradeSchema = (field: string) =>
  text()
    .trim()
    .max(INSPECTION_LIMITS.gradeMaxLength, { error: `${field} must be at most ${INSPECTION_LIMITS.gradeMaxLength} characters` })
    .optional()
    .transform((value) => value || undefined);

const KmSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number of km` })
    .min(0, { error: `${field} must be 0 or more` })
    .max(INSPECTION_LIMITS.odometerMaxKm, { error: `${field} must be at most ${INSPECTION_LIMITS.odometerMaxKm} km` });

/** What a certificate file may be: a PDF, or a picture (re-encoded without its metadata). */
export const CERTIFICATE_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/webp'] as const;
/** The largest certificate file accepted (a scanned PDF of a few pages). */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

/** A pre-shipment inspection certificate's file, and where it is downloaded (the route checks who may). */
export const CertificateFileSchema = z.object({
  id: IdSchema,
  contentType: z.enum(CERTIFICATE_CONTENT_TYPES),
  fileName: z.string(),
  byteSize: z.number().int(),
  /** `/api/inspection-certificates/<id>`: anyone once an inspection shows it publicly, staff always. */
  url: z.string(),
});
export type CertificateFile = z.infer<typeof CertificateFileSchema>;

/**
 * A car's inspection as staff record it (it replaces the car's earlier one). An import's odometer may
 * not read less than its export certificate's mileage (a wound-back odometer): 400 naming `odometerKm`.
 */
export const InspectionRecordInputSchema = z.object({
  carId: IdSchema,
  /** The checklist version the form was filled over: the one in force on `inspectedOn`. */
  checklistId: IdSchema,
  inspectedOn: z.iso.date({ error: 'inspectedOn must be a date (YYYY-MM-DD)' }),
  inspector: text({ error: 'Inspector is required' })
    .trim()
    .min(1, { error: 'Inspector is required' })
    .max(INSPECTION_LIMITS.inspectorMaxLength, { error: `Inspector must be at most ${INSPECTION_LIMITS.inspectorMaxLength} characters` }),
  odometerKm: KmSchema('odometerKm'),
  results: z
    .array(PointResultSchema)
    .max(CHECKLIST_LIMITS.points, { error: `At most ${CHECKLIST_LIMITS.points} results` })
    .default([]),
  /** Japanese auction sheet: the overall grade (e.g. "4.5", "R") and the interior's (e.g. "B"). */
  auctionGrade: GradeSchema('auctionGrade'),
  auctionInteriorGrade: GradeSchema('auctionInteriorGrade'),
  /** The mileage on the export (de-registration) certificate. */
  exportCertificateKm: KmSchema('exportCertificateKm').optional(),
  /** The pre-shipment inspection certificate (uploaded first: `POST /api/inspection-certificates`), and whether buyers see it. */
  certificateId: IdSchema.optional(),
  certificatePublic: z.boolean().default(false),
});
export type InspectionRecordInput = z.input<typeof InspectionRecordInputSchema>;
export type InspectionRecordFields = z.output<typeof InspectionRecordInputSchema>;

export const InspectionByCarInputSchema = z.object({ carId: IdSchema });

/** A car's inspection as the back office sees it. */
export const InspectionSchema = z.object({
  id: IdSchema,
  carId: IdSchema,
  checklistId: IdSchema,
  inspectedOn: z.iso.date(),
  inspector: z.string(),
  odometerKm: z.number().int(),
  passed: z.number().int(),
  attention: z.number().int(),
  failed: z.number().int(),
  results: z.array(StoredPointResultSchema),
  auctionGrade: z.string().nullable(),
  auctionInteriorGrade: z.string().nullable(),
  exportCertificateKm: z.number().int().nullable(),
  certificate: CertificateFileSchema.nullable(),
  certificatePublic: z.boolean(),
  updatedAt: TimestampSchema,
});
export type Inspection = z.infer<typeof InspectionSchema>;

/** A point that needs attention or failed, as buyers read it. */
export const ReportItemSchema = z.object({
  point: z.string(),
  status: PointStatusSchema,
  note: z.string().nullable(),
  photo: ImageRefSchema.nullable(),
});

/** A car's inspection as buyers read it on the car page: the certificate only when staff made it public. */
export const InspectionReportSchema = z.object({
  inspectedOn: z.iso.date(),
  pointCount: z.number().int(),
  passed: z.number().int(),
  attention: z.number().int(),
  failed: z.number().int(),
  odometerKm: z.number().int(),
  areas: z.array(
    z.object({
      name: z.string(),
      /** Every point's name, in order; those that did not pass are among `items` (the page state stays small). */
      points: z.array(z.string()),
      items: z.array(ReportItemSchema),
    }),
  ),
  auctionGrade: z.string().nullable(),
  auctionInteriorGrade: z.string().nullable(),
  exportCertificateKm: z.number().int().nullable(),
  /** Only when staff made it public. */
  certificate: CertificateFileSchema.nullable(),
});
export type InspectionReport = z.infer<typeof InspectionReportSchema>;

/** A car in the back office's list of inspections: whether and when it was inspected. */
export const InspectionCarSchema = z.object({
  carId: IdSchema,
  name: z.string(),
  stockNumber: z.string(),
  inspectedOn: z.iso.date().nullable(),
  attention: z.number().int().nullable(),
  failed: z.number().int().nullable(),
});
export type InspectionCar = z.infer<typeof InspectionCarSchema>;
