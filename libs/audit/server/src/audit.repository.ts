import { type AuditEvent, type AuditListFilters, type AuditPage, SECURITY_ACTIONS } from '@dealership/audit-schemas';
import { auditEvents } from '@dealership/audit-data';
import { type Database, DB, type Transaction } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';

/** `text` as a regular expression matching itself. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A row to record (the database sets id and time). */
export type NewAuditEvent = typeof auditEvents.$inferInsert;

/** The only code that touches the audit table. */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insert(event: NewAuditEvent): Promise<void> {
    await this.db.insert(auditEvents).values(event);
  }

  /**
   * A person's traces, in `tx` (their account is being deleted): the rows about them or by them
   * (`userId`, or their email as a sign-in's actor) lose the actor's name, email, address and
   * browser; in every row, their email, numbers and (in their own rows) name leave the label and
   * the recorded values. How many rows changed.
   */
  async forget(tx: Transaction, person: { userId: string; email: string; name: string; phones: readonly string[] }): Promise<number> {
    const theirs = sql`(${auditEvents.actorId} = ${person.userId} or ${auditEvents.entityId} = ${person.userId} or lower(${auditEvents.actorEmail}) = ${person.email.toLowerCase()})`;
    const own = await tx
      .update(auditEvents)
      .set({ actorId: null, actorName: 'A deleted account', actorEmail: '', ip: null, userAgent: null })
      .where(and(theirs, sql`${auditEvents.actorName} <> 'A deleted account'`))
      .returning({ id: auditEvents.id });
    // Text replaced inside the JSON: each value is quoted by JSON, so a replacement never breaks it.
    const scrub = (column: SQL, words: readonly string[]) =>
      words.reduce<SQL>((text, word) => sql`regexp_replace(${text}, ${escapeRegExp(word)}, '(removed)', 'gi')`, column);
    const everywhere = [person.email, ...person.phones].filter((word) => word.length >= 5);
    const mentions = sql.join(
      everywhere.map((word) => sql`(coalesce(${auditEvents.recordLabel}, '') || ${auditEvents.changes}::text) ilike ${`%${word}%`}`),
      sql` or `,
    );
    const named = sql`(${theirs} and (coalesce(${auditEvents.recordLabel}, '') || ${auditEvents.changes}::text) ilike ${`%${person.name}%`})`;
    const words = person.name.trim().length >= 3 ? [...everywhere, person.name.trim()] : everywhere;
    const mentioned = await tx
      .update(auditEvents)
      .set({
        recordLabel: sql`${scrub(sql`${auditEvents.recordLabel}`, words)}`,
        changes: sql`${scrub(sql`${auditEvents.changes}::text`, words)}::jsonb`,
      })
      .where(everywhere.length > 0 ? sql`(${mentions}) or ${named}` : named)
      .returning({ id: auditEvents.id });
    return new Set([...own, ...mentioned].map((row) => row.id)).size;
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    const gone = await this.db.delete(auditEvents).where(lt(auditEvents.createdAt, cutoff)).returning({ id: auditEvents.id });
    return gone.length;
  }

  async page(filters: AuditListFilters): Promise<AuditPage> {
    const where = and(
      filters.entity ? eq(auditEvents.entity, filters.entity) : undefined,
      filters.entityId ? eq(auditEvents.entityId, filters.entityId) : undefined,
      filters.category === 'security' ? inArray(auditEvents.action, [...SECURITY_ACTIONS]) : undefined,
      filters.category === 'change' ? notInArray(auditEvents.action, [...SECURITY_ACTIONS]) : undefined,
      filters.action ? eq(auditEvents.action, filters.action) : undefined,
      filters.outcome ? eq(auditEvents.outcome, filters.outcome) : undefined,
      // Stored lower-cased (security events) or as the account had it: compared without case.
      filters.actorEmail ? eq(sql`lower(${auditEvents.actorEmail})`, filters.actorEmail) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(auditEvents).where(where),
    ]);
    const items: AuditEvent[] = rows.map((row) => ({
      id: row.id,
      actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
      entity: row.entity,
      entityId: row.entityId,
      label: row.recordLabel,
      action: row.action,
      changes: row.changes,
      outcome: row.outcome,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    }));
    return { items, total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }
}
