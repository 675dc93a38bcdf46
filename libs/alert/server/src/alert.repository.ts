import type { Alert, AlertListFilters, AlertPage } from '@dealership/alert-schemas';
import { DB, type Database, alerts } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';

type AlertRow = typeof alerts.$inferSelect;

/** A alert's columns as the service sets them (the database fills in the rest). */
type NewAlertRow = typeof alerts.$inferInsert;

function toAlert({ createdAt, updatedAt, ...columns }: AlertRow): Alert {
  return { ...columns, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** The only code that touches the alert table. */
@Injectable()
export class AlertRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of alerts, newest first. */
  async page(filters: AlertListFilters): Promise<AlertPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(alerts)
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(alerts),
    ]);
    return { items: rows.map(toAlert), total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  async byId(id: string): Promise<Alert | undefined> {
    const [row] = await this.db.select().from(alerts).where(eq(alerts.id, id)).limit(1);
    return row && toAlert(row);
  }

  async insert(columns: NewAlertRow): Promise<Alert> {
    const [row] = await this.db.insert(alerts).values(columns).returning();
    return toAlert(row);
  }

  /** Changes the given columns; undefined when there is no such alert. */
  async update(id: string, columns: Partial<NewAlertRow>): Promise<Alert | undefined> {
    const [row] = await this.db
      .update(alerts)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(alerts.id, id))
      .returning();
    return row && toAlert(row);
  }

  /** The alert as it was; undefined when there was none. */
  async remove(id: string): Promise<Alert | undefined> {
    const [row] = await this.db.delete(alerts).where(eq(alerts.id, id)).returning();
    return row && toAlert(row);
  }
}
