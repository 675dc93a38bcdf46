import type { AuditAction, AuditChange, AuditEntity, AuditOutcome } from '@dealership/audit-schemas';
import { users } from '@dealership/user-data';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every admin write: who (kept by name too, so the record outlives the account), what (entity,
 * its id, the action), when, and the changed fields' values before and after.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    entity: text('entity').$type<AuditEntity>().notNull(),
    // No foreign key: the record stays when the car, brand or order is deleted.
    // Null for a security event about no known account (a sign-in with an email nobody has).
    entityId: uuid('entity_id'),
    // The record's name when the write was made ('Toyota Vitz', 'Subaru'), so the log reads well
    // after an update that left the name alone, or once the record is gone.
    recordLabel: text('record_label'),
    action: text('action').$type<AuditAction>().notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
    // Security events only (null for admin writes): success or failure, and the client as the request said it.
    outcome: text('outcome').$type<AuditOutcome>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_events_entity_idx').on(t.entity, t.entityId),
    index('audit_events_action_idx').on(t.action, t.createdAt.desc()),
  ],
);
