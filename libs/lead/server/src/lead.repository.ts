import type { Lead, LeadKind, LeadListFilters, LeadPage, LeadStatus } from '@dealership/lead-schemas';
import { accountContacts, carRefs, DB, type Database, leads, pgError, PG_FOREIGN_KEY_VIOLATION, type Transaction } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, sql } from 'drizzle-orm';

/** A new lead's columns as the service sets them. */
export interface LeadColumns {
  id: string;
  kind: LeadKind;
  name: string;
  phone: string;
  email: string | null;
  message: string;
  carId: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  details: Record<string, unknown> | null;
}

const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  name: leads.name,
  phone: leads.phone,
  email: leads.email,
  // Whether an account with this email has confirmed it, through the user domain's published view (users' unique index on lower(email) serves it).
  emailVerified: sql<boolean>`exists (select 1 from ${accountContacts} where lower(${accountContacts.email}) = lower(${leads.email}) and ${accountContacts.emailVerifiedAt} is not null)`,
  message: leads.message,
  preferredDate: leads.preferredDate,
  preferredTime: leads.preferredTime,
  details: leads.details,
  status: leads.status,
  note: leads.note,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  carId: carRefs.id,
  carName: carRefs.name,
  carSlug: carRefs.slug,
};

type LeadRow = {
  [K in keyof typeof leadColumns]: K extends 'carId' | 'carName' | 'carSlug'
    ? string | null
    : K extends 'emailVerified'
      ? boolean
      : (typeof leads.$inferSelect)[Exclude<K, 'carId' | 'carName' | 'carSlug' | 'emailVerified'>];
};

// The kind and its details were checked by the contract's schema of that kind when stored.
function toLead({ carId, carName, carSlug, createdAt, updatedAt, ...row }: LeadRow): Lead {
  return {
    ...row,
    status: row.status as LeadStatus,
    details: row.details ?? null,
    car: carId && carName && carSlug ? { id: carId, name: carName, slug: carSlug } : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  } as Lead;
}

/** The only code that touches the lead table. */
@Injectable()
export class LeadRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of the inbox, newest first, with the number of New leads in the whole inbox. */
  async page(filters: LeadListFilters): Promise<LeadPage> {
    const where = and(filters.kind ? eq(leads.kind, filters.kind) : undefined, filters.status ? eq(leads.status, filters.status) : undefined);
    const [rows, [{ total }], [{ newCount }]] = await Promise.all([
      this.db
        .select(leadColumns)
        .from(leads)
        .leftJoin(carRefs, eq(carRefs.id, leads.carId))
        .where(where)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(leads).where(where),
      this.db.select({ newCount: count() }).from(leads).where(eq(leads.status, 'New')),
    ]);
    return { items: rows.map(toLead), total, newCount, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  async byId(id: string): Promise<Lead | undefined> {
    const [row] = await this.db.select(leadColumns).from(leads).leftJoin(carRefs, eq(carRefs.id, leads.carId)).where(eq(leads.id, id)).limit(1);
    return row && toLead(row);
  }

  /** The name and slug of a lead's car, for its messages; undefined when it is not in the catalogue. */
  async carSummary(carId: string): Promise<{ name: string; slug: string } | undefined> {
    const [row] = await this.db.select({ name: carRefs.name, slug: carRefs.slug }).from(carRefs).where(eq(carRefs.id, carId)).limit(1);
    return row;
  }

  /**
   * Stores a lead and, in the same transaction, what `alongside` writes (its messages): both or
   * neither. 'car-not-found' when its car is not in the catalogue (deleted since it was looked up).
   */
  async insert(columns: LeadColumns, alongside: (tx: Transaction) => Promise<void>): Promise<{ id: string } | 'car-not-found'> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(leads).values(columns).returning({ id: leads.id });
        await alongside(tx);
        return row;
      });
    } catch (error) {
      if (pgError(error).code === PG_FOREIGN_KEY_VIOLATION) return 'car-not-found';
      throw error;
    }
  }

  /** Moves a lead to `status` (and sets the note when given); false when there is no such lead. */
  async setStatus(id: string, status: LeadStatus, note: string | null | undefined): Promise<boolean> {
    const rows = await this.db
      .update(leads)
      .set({ status, ...(note === undefined ? {} : { note }), updatedAt: new Date() })
      .where(eq(leads.id, id))
      .returning({ id: leads.id });
    return rows.length > 0;
  }
}
