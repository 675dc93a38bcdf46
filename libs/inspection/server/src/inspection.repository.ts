import { carRefs } from '@dealership/car-data/published';
import { carInspections, inspectionChecklists } from '@dealership/inspection-data';
import type { Checklist, ChecklistCreateFields, Inspection, InspectionCar } from '@dealership/inspection-schemas';
import { DB, type Database, executeRows, PG_UNIQUE_VIOLATION, pgError } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';

type ChecklistRow = typeof inspectionChecklists.$inferSelect;
type InspectionRow = typeof carInspections.$inferSelect;
export type NewInspectionRow = Omit<typeof carInspections.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

function toChecklist(row: ChecklistRow): Checklist {
  return { id: row.id, effectiveFrom: row.effectiveFrom, areas: row.areas, pointCount: row.pointCount, note: row.note, createdAt: row.createdAt.toISOString() };
}

/** An inspection as stored: its certificate by id (the service describes it). */
export type StoredInspection = Omit<Inspection, 'certificate'> & { certificateId: string | null };

/** An inspection read by its car (whose id is then never null: only a deleted car's inspection has none). */
function toInspection({ createdAt: _created, updatedAt, carId, ...columns }: InspectionRow): StoredInspection {
  return { ...columns, carId: carId ?? '', updatedAt: updatedAt.toISOString() };
}

/** The only code that touches the inspection tables. */
@Injectable()
export class InspectionRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async checklists(): Promise<Checklist[]> {
    return (await this.db.select().from(inspectionChecklists).orderBy(desc(inspectionChecklists.effectiveFrom))).map(toChecklist);
  }

  async checklistById(id: string): Promise<Checklist | undefined> {
    const [row] = await this.db.select().from(inspectionChecklists).where(eq(inspectionChecklists.id, id)).limit(1);
    return row && toChecklist(row);
  }

  /** The version in force on `date` (YYYY-MM-DD): the latest one dated on or before it. */
  async checklistInForceOn(date: string): Promise<Checklist | undefined> {
    const [row] = await this.db
      .select()
      .from(inspectionChecklists)
      .where(lte(inspectionChecklists.effectiveFrom, date))
      .orderBy(desc(inspectionChecklists.effectiveFrom))
      .limit(1);
    return row && toChecklist(row);
  }

  /** The new version, or undefined when another one already takes effect on its date. */
  async insertChecklist(fields: ChecklistCreateFields & { pointCount: number }): Promise<Checklist | undefined> {
    try {
      const [row] = await this.db
        .insert(inspectionChecklists)
        .values({ ...fields, note: fields.note ?? null })
        .returning();
      return toChecklist(row);
    } catch (error) {
      if (pgError(error).code === PG_UNIQUE_VIOLATION) return undefined;
      throw error;
    }
  }

  async carExists(carId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: carRefs.id }).from(carRefs).where(eq(carRefs.id, carId)).limit(1);
    return !!row;
  }

  async byCar(carId: string): Promise<StoredInspection | undefined> {
    const [row] = await this.db.select().from(carInspections).where(eq(carInspections.carId, carId)).limit(1);
    return row && toInspection(row);
  }

  /** Records the car's inspection, replacing its earlier one; the one it replaced, if any. */
  async replace(columns: NewInspectionRow & { carId: string }): Promise<{ inspection: StoredInspection; replaced?: StoredInspection }> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(carInspections).where(eq(carInspections.carId, columns.carId)).for('update').limit(1);
      const [row] = await tx
        .insert(carInspections)
        .values(columns)
        .onConflictDoUpdate({ target: carInspections.carId, set: { ...columns, updatedAt: new Date() } })
        .returning();
      return { inspection: toInspection(row), replaced: before && toInspection(before) };
    });
  }

  /** Every car with its inspection's date and counts (null when it has none), by name. */
  async cars(): Promise<InspectionCar[]> {
    return this.db
      .select({
        carId: carRefs.id,
        name: carRefs.name,
        stockNumber: carRefs.stockNumber,
        inspectedOn: carInspections.inspectedOn,
        attention: carInspections.attention,
        failed: carInspections.failed,
      })
      .from(carRefs)
      .leftJoin(carInspections, eq(carInspections.carId, carRefs.id))
      .orderBy(asc(carRefs.name), asc(carRefs.id));
  }

  /** Inspections whose car was deleted (the car id nulled), at most `limit`: their pictures are to go. */
  async orphans(limit: number): Promise<{ id: string; results: InspectionRow['results']; certificateId: string | null }[]> {
    return this.db
      .select({ id: carInspections.id, results: carInspections.results, certificateId: carInspections.certificateId })
      .from(carInspections)
      .where(isNull(carInspections.carId))
      .limit(limit);
  }

  /** Deletes an orphaned inspection; false when another instance took it first. */
  async removeOrphan(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(carInspections)
      .where(and(eq(carInspections.id, id), isNull(carInspections.carId)))
      .returning({ id: carInspections.id });
    return rows.length > 0;
  }

  /** Which of `publicIds` an inspection still shows (a point's photo): files are named by content. */
  async picturesInUse(publicIds: readonly string[]): Promise<Set<string>> {
    if (publicIds.length === 0) return new Set();
    const ids = sql.param([...publicIds]);
    const rows = await executeRows<{ public_id: string }>(
      this.db,
      sql`select r.value->'photo'->>'publicId' as public_id from ${carInspections}, jsonb_array_elements(${carInspections.results}) r
          where r.value->'photo'->>'publicId' = any(${ids}::text[])`,
    );
    return new Set(rows.map((row) => row.public_id));
  }
}
