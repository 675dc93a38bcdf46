import { IdSchema, pageOf, text, TimestampSchema, PageInputSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** What an admin write is about. */
export const AUDIT_ENTITIES = ['car', 'brand', 'order', 'testimonial', 'lead', 'setting', 'user', 'message', 'content', 'privacy'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What the write did (the procedure's verb). */
export const AUDIT_ACTIONS = ['create', 'update', 'remove', 'removeImage', 'setStatus', 'resend', 'invite', 'setRole', 'deactivate', 'reactivate', 'enableTwoFactor', 'resetTwoFactor', 'requireTwoFactor', 'assign', 'setAway', 'retention', 'deleteAccount'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntitySchema = z.enum(AUDIT_ENTITIES, { error: `entity must be one of: ${AUDIT_ENTITIES.join(', ')}` });
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);

/** One field's value before and after (absent on the side where the record did not exist). */
export const AuditChangeSchema = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

/** One admin write: who, what, when, and the changed fields. */
export const AuditEventSchema = z.object({
  id: IdSchema,
  /** The admin as they were at the time; `id` is null once the account is deleted. */
  actor: z.object({ id: IdSchema.nullable(), name: text(), email: text() }),
  entity: AuditEntitySchema,
  entityId: IdSchema,
  /** The record's name at the time ('Toyota Vitz', 'Subaru', an order's buyer); null when unknown. */
  label: text().nullable(),
  action: AuditActionSchema,
  /** Changed fields only, by their domain names. */
  changes: z.record(z.string(), AuditChangeSchema),
  createdAt: TimestampSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** A page of the log, newest first, optionally about one entity (or one record of it). */
export const AuditListInputSchema = z.object({
  entity: AuditEntitySchema.optional(),
  entityId: IdSchema.optional(),
  ...PageInputSchema.shape,
});
export type AuditListInput = z.input<typeof AuditListInputSchema>;
export type AuditListFilters = z.output<typeof AuditListInputSchema>;

export const AuditPageSchema = pageOf(AuditEventSchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;
