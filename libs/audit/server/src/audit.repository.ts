import type { AuditEvent, AuditListFilters, AuditPage } from '@dealership/audit-schemas';
import { auditEvents, DB, type Database } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, lt } from 'drizzle-orm';

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
      createdAt: row.createdAt.toISOString(),
    }));
    return { items, total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }
}
