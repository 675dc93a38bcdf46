import { type AuditAction, type AuditChange, type AuditEntity, type AuditListFilters, type AuditOutcome, type AuditPage, SECURITY_ACTIONS } from '@dealership/audit-schemas';
import { Injectable, Logger } from '@nestjs/common';
import type { Transaction } from '@dealership/server-db';
import { LRUCache } from 'lru-cache';
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
  /** The admin's client; given for the writes that are security events too (role changes, second factor). */
  client?: AuditClient;
}

/** The client a request came from, as the transport read it. */
export interface AuditClient {
  ip: string;
  userAgent?: string;
}

/**
 * One security event: the account when known (`email` as typed for a failed sign-in), what
 * happened, its outcome and the client. Never a password, code or token: `details` holds only
 * named, harmless facts (a reason, a role).
 */
export interface SecurityEvent {
  account: { id: string | null; name?: string; email: string };
  /** What the event is about: an account (the default), or a public form's limit ('lead'). */
  entity?: AuditEntity;
  action: AuditAction;
  outcome: AuditOutcome;
  client: AuditClient;
  details?: Record<string, string | number | boolean | null>;
}

// A user agent is the client's to write: kept to a length that reads in a table row.
const USER_AGENT_MAX = 512;

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
  private readonly logger = new Logger('Audit');

  /** The throttle trips recorded in the last minute, per limit and client (`recordThrottleTrip`). */
  private readonly recentTrips = new LRUCache<string, true>({ max: 10_000, ttl: 60_000 });

  constructor(private readonly events: AuditRepository) {}

  /**
   * Records what the server did by itself (the daily retention run): no account made it, so the
   * actor is named `by` with no id or email.
   */
  async recordSystem({ by, ...entry }: Omit<AuditEntry, 'actor'> & { by: string }): Promise<void> {
    await this.insert({ id: null, name: by, email: '' }, entry);
  }

  /** Deletes activity older than `cutoff` (the privacy policy's period for the log); how many rows. */
  /** A person's traces in the log, in `tx` (their account is being deleted): see `AuditRepository.forget`. How many rows changed. */
  forget(tx: Transaction, person: { userId: string; email: string; name: string; phones: readonly string[] }): Promise<number> {
    return this.events.forget(tx, person);
  }

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
      // A staff change is done once it is recorded: a security event that succeeded.
      outcome: (SECURITY_ACTIONS as readonly AuditAction[]).includes(entry.action) ? 'success' : null,
      ip: entry.client?.ip ?? null,
      userAgent: entry.client?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
  }

  /**
   * Records one security event after the action it is about, outside its transaction: a sign-in
   * must not wait for nor fail with the log (ASVS asks for the event, not for refusing the user
   * when the log is down). So the insert is awaited (one row, on an index-light table) but a
   * failure is logged and swallowed, and the caller's answer or error stands.
   */
  async recordSecurity(event: SecurityEvent): Promise<void> {
    try {
      await this.events.insert({
        actorId: event.account.id,
        actorName: event.account.name ?? '',
        actorEmail: event.account.email.toLowerCase(),
        entity: event.entity ?? 'user',
        entityId: event.account.id,
        recordLabel: null,
        action: event.action,
        changes: Object.fromEntries(Object.entries(event.details ?? {}).map(([field, value]) => [field, { after: value }])),
        outcome: event.outcome,
        ip: event.client.ip,
        userAgent: event.client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      });
    } catch (error) {
      this.logger.error(`Security event ${event.action} (${event.outcome}) for ${event.account.email} not recorded: ${(error as Error).message}`);
    }
  }

  /**
   * Records that a public form's limit refused a client (the buyers' requests, their photos: per
   * address or for every address together): a security event about no account. At most one row a
   * minute per client and limit on each instance, so a flood of refused requests cannot fill the log.
   */
  async recordThrottleTrip(limit: 'lead' | 'lead-photo', client: AuditClient, reason: string): Promise<void> {
    const key = `${limit} ${client.ip}`;
    if (this.recentTrips.has(key)) return;
    this.recentTrips.set(key, true);
    await this.recordSecurity({ account: { id: null, name: 'A visitor', email: '' }, entity: 'lead', action: 'throttled', outcome: 'failure', client, details: { limit, reason } });
  }

  /** A page of the log, newest first. */
  list(filters: AuditListFilters): Promise<AuditPage> {
    return this.events.page(filters);
  }
}
