import {
  type CurrentSetting,
  DutyRatesSchema,
  FinanceSettingsSchema,
  type ReservationRules,
  ReservationRulesSchema,
  type Setting,
  type SettingCreateFields,
  type SettingListFilters,
  type SettingPage,
} from '@dealership/setting-schemas';
import { type Database, DB, PG_UNIQUE_VIOLATION, pgError } from '@dealership/server-db';
import { settings } from '@dealership/setting-data';
import { Inject, Injectable } from '@nestjs/common';
import { count, desc, eq, lte } from 'drizzle-orm';

/** A rate set's own columns as the service sets them. */
export type SettingColumns = Omit<SettingCreateFields, 'note' | 'reservation'> & { note: string | null; reservation: ReservationRules };

type SettingRow = typeof settings.$inferSelect;

/** A row as the contract's rate set; the JSON columns are read through their schemas, so a set written by hand that no longer fits fails loudly here. */
function toSetting(row: SettingRow): Setting {
  return {
    id: row.id,
    effectiveFrom: row.effectiveFrom,
    duty: DutyRatesSchema.parse(row.duty),
    finance: FinanceSettingsSchema.parse(row.finance),
    reservation: ReservationRulesSchema.parse(row.reservation),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a write came to: done, or the date another set holds. */
export type SettingWriteResult = { ok: true; setting: Setting } | { ok: false; reason: 'date-taken' | 'not-found' };

function writeFailure(error: unknown): SettingWriteResult {
  const { code, constraint } = pgError(error);
  if (code === PG_UNIQUE_VIOLATION && constraint === 'settings_effective_from_key') return { ok: false, reason: 'date-taken' };
  throw error;
}

/** The only code that touches the settings table. */
@Injectable()
export class SettingRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of rate sets, latest date first. */
  async page(filters: SettingListFilters): Promise<SettingPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(settings)
        .orderBy(desc(settings.effectiveFrom))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(settings),
    ]);
    return { items: rows.map(toSetting), total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  /** The set in force on `date` (YYYY-MM-DD): the latest that takes effect on or before it. */
  async inForceOn(date: string): Promise<CurrentSetting | undefined> {
    const [row] = await this.db.select().from(settings).where(lte(settings.effectiveFrom, date)).orderBy(desc(settings.effectiveFrom)).limit(1);
    if (!row) return undefined;
    const { effectiveFrom, duty, finance, reservation } = toSetting(row);
    return { effectiveFrom, duty, finance, reservation };
  }

  async byId(id: string): Promise<Setting | undefined> {
    const [row] = await this.db.select().from(settings).where(eq(settings.id, id)).limit(1);
    return row && toSetting(row);
  }

  async count(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(settings);
    return total;
  }

  async insert(columns: SettingColumns): Promise<SettingWriteResult> {
    try {
      const [row] = await this.db.insert(settings).values(columns).returning();
      return { ok: true, setting: toSetting(row) };
    } catch (error) {
      return writeFailure(error);
    }
  }

  /** Changes the given columns. */
  async update(id: string, columns: Partial<SettingColumns>): Promise<SettingWriteResult> {
    try {
      const [row] = await this.db
        .update(settings)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(settings.id, id))
        .returning();
      return row ? { ok: true, setting: toSetting(row) } : { ok: false, reason: 'not-found' };
    } catch (error) {
      return writeFailure(error);
    }
  }

  /** The removed set; undefined when there was none. */
  async remove(id: string): Promise<Setting | undefined> {
    const [row] = await this.db.delete(settings).where(eq(settings.id, id)).returning();
    return row && toSetting(row);
  }
}
