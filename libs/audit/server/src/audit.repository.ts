import { type AuditEvent, type AuditListFilters, type AuditPage, SECURITY_ACTIONS } from '@dealership/audit-schemas';
import { auditEvents } from '@dealership/audit-data';
import { type Database, DB } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';

/** A row to record (the database sets id and time). */
export type NewAuditEvent = typeof auditEvents.$inferInsert;

/** The only code that touches the audit table. */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insert(event: NewAuditEvent): Promise<void> {
    await this.db.insert(auditEvents).values(event);
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
