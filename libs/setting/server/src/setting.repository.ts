import type { Setting, SettingListFilters, SettingPage } from '@dealership/setting-schemas';
import { DB, type Database, settings } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';

/** A setting's own columns as the service sets them. */
export interface SettingColumns {
  name: string;
}

type SettingRow = typeof settings.$inferSelect;

function toSetting(row: SettingRow): Setting {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The only code that touches the setting table. */
@Injectable()
export class SettingRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of settings, newest first. */
  async page(filters: SettingListFilters): Promise<SettingPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(settings)
        .orderBy(desc(settings.createdAt), desc(settings.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(settings),
    ]);
    return { items: rows.map(toSetting), total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  async byId(id: string): Promise<Setting | undefined> {
    const [row] = await this.db.select().from(settings).where(eq(settings.id, id)).limit(1);
    return row && toSetting(row);
  }

  async insert(columns: SettingColumns): Promise<Setting> {
    const [row] = await this.db.insert(settings).values(columns).returning();
    return toSetting(row);
  }

  /** Changes the given columns; undefined when there is no such setting. */
  async update(id: string, columns: Partial<SettingColumns>): Promise<Setting | undefined> {
    const [row] = await this.db
      .update(settings)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(settings.id, id))
      .returning();
    return row && toSetting(row);
  }

  /** False when there was none. */
  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(settings).where(eq(settings.id, id)).returning({ id: settings.id });
    return rows.length > 0;
  }
}
