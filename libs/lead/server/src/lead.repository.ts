import type { Lead, LeadListFilters, LeadPage } from '@dealership/lead-schemas';
import { DB, type Database, leads } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';

/** A lead's own columns as the service sets them. */
export interface LeadColumns {
  name: string;
}

type LeadRow = typeof leads.$inferSelect;

function toLead(row: LeadRow): Lead {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The only code that touches the lead table. */
@Injectable()
export class LeadRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of leads, newest first. */
  async page(filters: LeadListFilters): Promise<LeadPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(leads)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(leads),
    ]);
    return { items: rows.map(toLead), total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  async byId(id: string): Promise<Lead | undefined> {
    const [row] = await this.db.select().from(leads).where(eq(leads.id, id)).limit(1);
    return row && toLead(row);
  }

  async insert(columns: LeadColumns): Promise<Lead> {
    const [row] = await this.db.insert(leads).values(columns).returning();
    return toLead(row);
  }

  /** Changes the given columns; undefined when there is no such lead. */
  async update(id: string, columns: Partial<LeadColumns>): Promise<Lead | undefined> {
    const [row] = await this.db
      .update(leads)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(leads.id, id))
      .returning();
    return row && toLead(row);
  }

  /** False when there was none. */
  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
    return rows.length > 0;
  }
}
