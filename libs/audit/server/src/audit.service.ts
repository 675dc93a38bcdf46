import type { AuditAction, AuditChange, AuditEntity, AuditListFilters, AuditPage } from '@dealership/audit-schemas';
import { Injectable } from '@nestjs/common';
import { AuditRepository } from './audit.repository';

/** Who made a change: the signed-in admin. */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
}

/** One admin write to record. `before` is absent for a creation, `after` for a removal. */
export interface AuditEntry {
  actor: AuditActor;
  entity: AuditEntity;
  entityId: string;
  /** The record's name at the time of the write. */
  label?: string;
  action: AuditAction;
  before?: object;
  after?: object;
}

// Bookkeeping the database changes by itself: not something an admin changed.
const IGNORED_FIELDS = new Set(['createdAt', 'updatedAt']);

/** The fields whose values differ between `before` and `after` (compared as JSON), with both values. */
export function changedFields(before?: object, after?: object): Record<string, AuditChange> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, AuditChange> = {};
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (IGNORED_FIELDS.has(field)) continue;
    if (JSON.stringify(b[field]) === JSON.stringify(a[field])) continue;
    const change: AuditChange = {};
    if (before && field in b) change.before = b[field] ?? null;
    if (after && field in a) change.after = a[field] ?? null;
    changes[field] = change;
  }
  return changes;
}

/** The audit log of admin writes: who, what, when, before and after. */
@Injectable()
export class AuditService {
  constructor(private readonly events: AuditRepository) {}

  /**
   * Records what the server did by itself (the daily retention run): no account made it, so the
   * actor is named `by` with no id or email.
   */
  async recordSystem({ by, ...entry }: Omit<AuditEntry, 'actor'> & { by: string }): Promise<void> {
    await this.insert({ id: null, name: by, email: '' }, entry);
  }

  /** Deletes activity older than `cutoff` (the privacy policy's period for the log); how many rows. */
  purgeBefore(cutoff: Date): Promise<number> {
    return this.events.deleteBefore(cutoff);
  }

  /** Records one admin write with the fields it changed. */
  async record({ actor, ...entry }: AuditEntry): Promise<void> {
    await this.insert(actor, entry);
  }

  private async insert(actor: Omit<AuditActor, 'id'> & { id: string | null }, entry: Omit<AuditEntry, 'actor'>): Promise<void> {
    await this.events.insert({
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email,
      entity: entry.entity,
      entityId: entry.entityId,
      recordLabel: entry.label ?? null,
      action: entry.action,
      changes: changedFields(entry.before, entry.after),
    });
  }

  /** A page of the log, newest first. */
  list(filters: AuditListFilters): Promise<AuditPage> {
    return this.events.page(filters);
  }
}
