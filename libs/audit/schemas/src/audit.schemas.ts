import { IdSchema, pageOf, text, TimestampSchema, PageInputSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** What an admin write is about. */
export const AUDIT_ENTITIES = ['car', 'brand', 'order', 'testimonial', 'lead', 'setting', 'user', 'message', 'content', 'privacy', 'inspection', 'vehicle-import', 'trade-in-offer'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

// Staff changes: admin writes and security events at once (roles, access, the second factor).
const STAFF_ACTIONS = ['invite', 'setRole', 'deactivate', 'reactivate', 'enableTwoFactor', 'resetTwoFactor', 'requireTwoFactor'] as const;
// What happens to an account's access (ASVS V16): written with the client's address and user agent.
const ACCOUNT_EVENTS = ['signIn', 'signOut', 'throttled', 'changePassword', 'resetPassword', 'changeEmail', 'recoveryCodeUsed', 'rememberDevice'] as const;

/** What the write did (the procedure's verb), or the security event. */
export const AUDIT_ACTIONS = ['create', 'update', 'remove', 'removeImage', 'setStatus', 'resend', ...STAFF_ACTIONS, 'assign', 'setAway', ...ACCOUNT_EVENTS, 'retention', 'deleteAccount'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The actions that are security events: sign-ins (either outcome), sign-outs, throttle trips,
 * password and email changes, role changes and second-factor events.
 */
export const SECURITY_ACTIONS = [...ACCOUNT_EVENTS, ...STAFF_ACTIONS] as const satisfies readonly AuditAction[];

/** The log's two views: every admin write to records, or the security events. */
export const AUDIT_CATEGORIES = ['change', 'security'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/** Whether a security event succeeded (a sign-in) or was refused (a wrong password, a throttle trip). */
export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AuditEntitySchema = z.enum(AUDIT_ENTITIES, { error: `entity must be one of: ${AUDIT_ENTITIES.join(', ')}` });
export const AuditActionSchema = z.enum(AUDIT_ACTIONS, { error: `action must be one of: ${AUDIT_ACTIONS.join(', ')}` });
export const AuditCategorySchema = z.enum(AUDIT_CATEGORIES, { error: `category must be one of: ${AUDIT_CATEGORIES.join(', ')}` });
export const AuditOutcomeSchema = z.enum(AUDIT_OUTCOMES, { error: `outcome must be one of: ${AUDIT_OUTCOMES.join(', ')}` });

/** One field's value before and after (absent on the side where the record did not exist). */
export const AuditChangeSchema = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

/** One admin write or security event: who, what, when, and the changed fields. */
export const AuditEventSchema = z.object({
  id: IdSchema,
  /**
   * The admin (or, for a security event, the account) as they were at the time; `id` is null once
   * the account is deleted, or for a failed sign-in, whose `email` is the one typed.
   */
  actor: z.object({ id: IdSchema.nullable(), name: text(), email: text() }),
  entity: AuditEntitySchema,
  /** Null for a security event about no known account (a sign-in with an unknown email). */
  entityId: IdSchema.nullable(),
  /** The record's name at the time ('Toyota Vitz', 'Subaru', an order's buyer); null when unknown. */
  label: text().nullable(),
  action: AuditActionSchema,
  /** Changed fields only, by their domain names. */
  changes: z.record(z.string(), AuditChangeSchema),
  /** Security events only: success or failure; null for an admin write. */
  outcome: AuditOutcomeSchema.nullable(),
  /** Security events only: the client's address and user agent as the request said them. */
  ip: text().nullable(),
  userAgent: text().nullable(),
  createdAt: TimestampSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/**
 * A page of the log, newest first, optionally about one entity (or one record of it), one
 * category or action, one outcome, or one actor (their email, as typed for a failed sign-in).
 */
export const AuditListInputSchema = z.object({
  entity: AuditEntitySchema.optional(),
  entityId: IdSchema.optional(),
  category: AuditCategorySchema.optional(),
  action: AuditActionSchema.optional(),
  outcome: AuditOutcomeSchema.optional(),
  actorEmail: z.string().trim().toLowerCase().max(254, 'actorEmail must be at most 254 characters').optional(),
  ...PageInputSchema.shape,
});
export type AuditListInput = z.input<typeof AuditListInputSchema>;
export type AuditListFilters = z.output<typeof AuditListInputSchema>;

export const AuditPageSchema = pageOf(AuditEventSchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;
