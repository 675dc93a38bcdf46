import { DB, type Database, executeRows, type Transaction } from '@dealership/server-db';
import { accountContacts } from '@dealership/user-data/published';
import { vehicleImportArrivalEstimates, vehicleImportDocuments, vehicleImportMilestones, vehicleImportPayments, vehicleImports } from '@dealership/vehicle-import-data';
import type { ImportMilestone, ImportPaymentFields, Milestone, VehicleImportOpenFields } from '@dealership/vehicle-import-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';

export type ImportRow = typeof vehicleImports.$inferSelect;
type MilestoneRow = typeof vehicleImportMilestones.$inferSelect;
type PaymentRow = typeof vehicleImportPayments.$inferSelect;

/** An import with everything recorded on it. */
/** An import's paper without its bytes. */
export type DocumentRow = Omit<typeof vehicleImportDocuments.$inferSelect, 'content'>;
const documentColumns = {
  id: vehicleImportDocuments.id,
  importId: vehicleImportDocuments.importId,
  title: vehicleImportDocuments.title,
  contentType: vehicleImportDocuments.contentType,
  fileName: vehicleImportDocuments.fileName,
  byteSize: vehicleImportDocuments.byteSize,
  sha256: vehicleImportDocuments.sha256,
  sharedWithBuyer: vehicleImportDocuments.sharedWithBuyer,
  uploadedBy: vehicleImportDocuments.uploadedBy,
  uploadedAt: vehicleImportDocuments.uploadedAt,
};

export interface StoredImport {
  row: ImportRow;
  milestones: MilestoneRow[];
  payments: PaymentRow[];
  documents: DocumentRow[];
  arrivalEstimates: { estimatedArrival: string; recordedAt: Date }[];
}

export function toMilestone(row: MilestoneRow): Milestone {
  return {
    milestone: row.milestone as ImportMilestone,
    occurredOn: row.occurredOn,
    fields: row.fields,
    staffNote: row.staffNote,
    recordedBy: row.recordedBy,
    recordedAt: row.recordedAt.toISOString(),
    correctedAt: row.correctedAt?.toISOString() ?? null,
  };
}

/**
 * What was paid towards an import, beside its row. Spelled out: inside a subquery Drizzle names a
 * column without its table, and `id` would be the payment's.
 */
const PAID_KES = sql<number>`coalesce((select sum(p.amount_kes) from vehicle_import_payments p where p.import_id = vehicle_imports.id), 0)::int`;

/** A person's imports: their account's, and those for the email or phone the account proved. */
function personIs({ userId, email, phone }: { userId: string; email: string | null; phone: string | null }) {
  return or(
    eq(vehicleImports.buyerUserId, userId),
    email ? eq(vehicleImports.buyerEmail, email.toLowerCase()) : undefined,
    phone ? eq(vehicleImports.buyerPhone, phone) : undefined,
  );
}

/** The only code that touches the import tables. */
@Injectable()
export class VehicleImportRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insert(tx: Transaction, fields: Omit<VehicleImportOpenFields, 'expectedArrival'> & { expectedArrival: string }): Promise<ImportRow> {
    const [row] = await tx
      .insert(vehicleImports)
      .values({
        leadId: fields.leadId ?? null,
        buyerUserId: fields.buyerUserId ?? null,
        buyerName: fields.buyerName,
        buyerPhone: fields.buyerPhone,
        buyerEmail: fields.buyerEmail ?? null,
        make: fields.make,
        model: fields.model,
        yearOfManufacture: fields.yearOfManufacture,
        yearOfFirstRegistration: fields.yearOfFirstRegistration,
        chassisNumber: fields.chassisNumber,
        auctionHouse: fields.auctionHouse ?? null,
        auctionLot: fields.auctionLot ?? null,
        auctionGrade: fields.auctionGrade ?? null,
        rightHandDrive: fields.rightHandDrive,
        exportCertificateKm: fields.exportCertificateKm ?? null,
        purchaseCurrency: fields.purchaseCurrency,
        purchasePrice: fields.purchasePrice ?? null,
        exchangeRate: fields.exchangeRate ?? null,
        agreedPriceKes: fields.agreedPriceKes,
        depositKes: fields.depositKes,
        expectedArrival: fields.expectedArrival,
        staffNote: fields.staffNote ?? null,
      })
      .returning();
    await tx.insert(vehicleImportArrivalEstimates).values({ importId: row.id, estimatedArrival: fields.expectedArrival });
    return row;
  }

  /** An import with its milestones (in order of the milestones), payments and arrival estimates. */
  async byId(id: string, db: Database | Transaction = this.db): Promise<StoredImport | undefined> {
    const [row] = await db.select().from(vehicleImports).where(eq(vehicleImports.id, id)).limit(1);
    if (!row) return undefined;
    const [milestones, payments, arrivalEstimates, documents] = await Promise.all([
      db.select().from(vehicleImportMilestones).where(eq(vehicleImportMilestones.importId, id)),
      db.select().from(vehicleImportPayments).where(eq(vehicleImportPayments.importId, id)).orderBy(asc(vehicleImportPayments.receivedOn), asc(vehicleImportPayments.recordedAt)),
      db
        .select({ estimatedArrival: vehicleImportArrivalEstimates.estimatedArrival, recordedAt: vehicleImportArrivalEstimates.recordedAt })
        .from(vehicleImportArrivalEstimates)
        .where(eq(vehicleImportArrivalEstimates.importId, id))
        .orderBy(asc(vehicleImportArrivalEstimates.recordedAt)),
      db.select(documentColumns).from(vehicleImportDocuments).where(eq(vehicleImportDocuments.importId, id)).orderBy(asc(vehicleImportDocuments.uploadedAt)),
    ]);
    return { row, milestones, payments, arrivalEstimates, documents };
  }

  /** Locks the import for a write (milestones are checked against the ones before them). */
  async lock(tx: Transaction, id: string): Promise<ImportRow | undefined> {
    const [row] = await tx.select().from(vehicleImports).where(eq(vehicleImports.id, id)).for('update').limit(1);
    return row;
  }

  /** What the buyer has paid towards the import, read in the caller's transaction. */
  async paidKes(tx: Transaction, importId: string): Promise<number> {
    const [row] = await tx.select({ paidKes: PAID_KES }).from(vehicleImports).where(eq(vehicleImports.id, importId));
    return row?.paidKes ?? 0;
  }

  async milestones(tx: Transaction, importId: string): Promise<MilestoneRow[]> {
    return tx.select().from(vehicleImportMilestones).where(eq(vehicleImportMilestones.importId, importId));
  }

  /** Records a milestone, or corrects it when it was recorded already; which of the two, and the row before. */
  async saveMilestone(
    tx: Transaction,
    milestone: Omit<MilestoneRow, 'recordedAt' | 'correctedAt'>,
  ): Promise<{ created: boolean; before?: MilestoneRow }> {
    const [before] = await tx
      .select()
      .from(vehicleImportMilestones)
      .where(and(eq(vehicleImportMilestones.importId, milestone.importId), eq(vehicleImportMilestones.milestone, milestone.milestone)))
      .limit(1);
    if (before) {
      await tx
        .update(vehicleImportMilestones)
        .set({ occurredOn: milestone.occurredOn, fields: milestone.fields, staffNote: milestone.staffNote, correctedAt: new Date() })
        .where(and(eq(vehicleImportMilestones.importId, milestone.importId), eq(vehicleImportMilestones.milestone, milestone.milestone)));
      return { created: false, before };
    }
    await tx.insert(vehicleImportMilestones).values(milestone);
    return { created: true };
  }

  async setStage(tx: Transaction, id: string, stage: ImportMilestone, stageOn: string): Promise<void> {
    await tx.update(vehicleImports).set({ stage, stageOn, updatedAt: new Date() }).where(eq(vehicleImports.id, id));
  }

  /** A new arrival estimate, kept beside the earlier ones; nothing when it is the same date. */
  async setExpectedArrival(tx: Transaction, id: string, current: string, estimatedArrival: string): Promise<boolean> {
    if (current === estimatedArrival) return false;
    await tx.update(vehicleImports).set({ expectedArrival: estimatedArrival, updatedAt: new Date() }).where(eq(vehicleImports.id, id));
    await tx.insert(vehicleImportArrivalEstimates).values({ importId: id, estimatedArrival });
    return true;
  }

  async addPayment(tx: Transaction, payment: ImportPaymentFields & { recordedBy: string }): Promise<PaymentRow> {
    const [row] = await tx
      .insert(vehicleImportPayments)
      .values({ importId: payment.importId, amountKes: payment.amountKes, method: payment.method, reference: payment.reference ?? null, receivedOn: payment.receivedOn, recordedBy: payment.recordedBy })
      .returning();
    return row;
  }

  async addDocument(document: Omit<typeof vehicleImportDocuments.$inferInsert, 'id' | 'uploadedAt'>): Promise<DocumentRow> {
    const [row] = await this.db.insert(vehicleImportDocuments).values(document).returning(documentColumns);
    return row;
  }

  /** A paper with its bytes. */
  async document(id: string): Promise<typeof vehicleImportDocuments.$inferSelect | undefined> {
    const [row] = await this.db.select().from(vehicleImportDocuments).where(eq(vehicleImportDocuments.id, id)).limit(1);
    return row;
  }

  async shareDocument(id: string, sharedWithBuyer: boolean): Promise<DocumentRow | undefined> {
    const [row] = await this.db.update(vehicleImportDocuments).set({ sharedWithBuyer }).where(eq(vehicleImportDocuments.id, id)).returning(documentColumns);
    return row;
  }

  async removeDocument(id: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db.delete(vehicleImportDocuments).where(eq(vehicleImportDocuments.id, id)).returning(documentColumns);
    return row;
  }

  async setPrice(tx: Transaction, id: string, agreedPriceKes: number, depositKes: number): Promise<void> {
    await tx.update(vehicleImports).set({ agreedPriceKes, depositKes, updatedAt: new Date() }).where(eq(vehicleImports.id, id));
  }

  /** The imports for the board (delivered ones only when asked), with what was paid on each. */
  async board(options: { search?: string; includeDelivered?: boolean }): Promise<(ImportRow & { paidKes: number })[]> {
    const search = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const rows = await this.db
      .select({ row: vehicleImports, paidKes: PAID_KES })
      .from(vehicleImports)
      .where(
        and(
          options.includeDelivered ? undefined : or(isNull(vehicleImports.stage), ne(vehicleImports.stage, 'delivered')),
          search
            ? or(
                ilike(vehicleImports.reference, search),
                ilike(vehicleImports.buyerName, search),
                ilike(vehicleImports.buyerPhone, search),
                ilike(vehicleImports.make, search),
                ilike(vehicleImports.model, search),
                ilike(vehicleImports.chassisNumber, search),
              )
            : undefined,
        ),
      )
      .orderBy(asc(vehicleImports.createdAt));
    return rows.map(({ row, paidKes }) => ({ ...row, paidKes }));
  }

  /** The report's figures: days from bought to delivered of each delivered import, imports in transit, money held. */
  async figures(): Promise<{ boughtToDeliveredDays: number[]; inTransit: number; moneyHeldKes: number }> {
    const days = await executeRows<{ days: number }>(
      this.db,
      sql`select (d.occurred_on - b.occurred_on)::int as days from vehicle_import_milestones b
          join vehicle_import_milestones d on d.import_id = b.import_id and d.milestone = 'delivered' where b.milestone = 'bought'`,
    );
    const [counts] = await executeRows<{ in_transit: number; money_held: number }>(
      this.db,
      sql`select (select count(*) from vehicle_imports where stage = 'shipped')::int as in_transit,
        (select coalesce(sum(p.amount_kes), 0) from vehicle_import_payments p join vehicle_imports i on i.id = p.import_id
          where i.stage is distinct from 'delivered')::int as money_held`,
    );
    return { boughtToDeliveredDays: days.map((row) => Number(row.days)), inTransit: Number(counts.in_transit), moneyHeldKes: Number(counts.money_held) };
  }

  /** The import opened from a lead (the latest, should there be more), with what was paid. */
  async byLead(leadId: string): Promise<(ImportRow & { paidKes: number }) | undefined> {
    const [found] = await this.db
      .select({ row: vehicleImports, paidKes: PAID_KES })
      .from(vehicleImports)
      .where(eq(vehicleImports.leadId, leadId))
      .orderBy(desc(vehicleImports.createdAt))
      .limit(1);
    return found && { ...found.row, paidKes: found.paidKes };
  }

  /** The latest import of a chassis number (capitals, no spaces, as `ChassisNumberSchema` keeps it), with its milestones and papers. */
  async byChassis(chassisNumber: string): Promise<StoredImport | undefined> {
    const [found] = await this.db
      .select({ id: vehicleImports.id })
      .from(vehicleImports)
      // Hyphens aside: a Japanese chassis number is written with and without one (NZE161-3012345).
      .where(eq(sql`replace(${vehicleImports.chassisNumber}, '-', '')`, chassisNumber.replaceAll('-', '')))
      .orderBy(desc(vehicleImports.createdAt))
      .limit(1);
    return found ? this.byId(found.id) : undefined;
  }

  /**
   * A signed-in buyer's imports, newest first: opened for their account, or for the email or phone
   * their account proved (an import request is sent without signing in); never by an unproved one.
   */
  async ofUser(userId: string): Promise<ImportRow[]> {
    const [account] = await this.db
      .select({ email: accountContacts.email, emailVerifiedAt: accountContacts.emailVerifiedAt, verifiedPhone: accountContacts.verifiedPhone })
      .from(accountContacts)
      .where(eq(accountContacts.id, userId))
      .limit(1);
    const proven = [
      eq(vehicleImports.buyerUserId, userId),
      account?.emailVerifiedAt ? eq(vehicleImports.buyerEmail, account.email.toLowerCase()) : undefined,
      account?.verifiedPhone ? eq(vehicleImports.buyerPhone, account.verifiedPhone) : undefined,
    ].filter((condition) => condition !== undefined);
    return this.db.select().from(vehicleImports).where(or(...proven)).orderBy(desc(vehicleImports.createdAt));
  }

  /** The imports of a person (their account, or the email or phone it proved), with their milestones and payments: their data export. */
  async ofPerson(person: { userId: string; email: string | null; phone: string | null }): Promise<StoredImport[]> {
    const rows = await this.db.select({ id: vehicleImports.id }).from(vehicleImports).where(personIs(person));
    const found = await Promise.all(rows.map((row) => this.byId(row.id)));
    return found.filter((item): item is StoredImport => item !== undefined);
  }

  /**
   * Takes the buyer's personal fields and the papers off imports (a person's, or those last changed
   * before a date), in `tx`; the contract's facts (car, price, milestones) stay. Their ids.
   */
  async anonymise(tx: Transaction, where: { person: { userId: string; email: string | null; phone: string | null } } | { lastChangeBefore: Date }): Promise<string[]> {
    const rows = await tx
      .update(vehicleImports)
      .set({ buyerName: 'Deleted buyer', buyerPhone: '', buyerEmail: null, buyerUserId: null })
      .where(and('person' in where ? personIs(where.person) : lt(vehicleImports.updatedAt, where.lastChangeBefore), ne(vehicleImports.buyerName, 'Deleted buyer')))
      .returning({ id: vehicleImports.id });
    const ids = rows.map((row) => row.id);
    // Its papers (a bill of lading names the buyer) go too.
    if (ids.length > 0) await tx.delete(vehicleImportDocuments).where(inArray(vehicleImportDocuments.importId, ids));
    return ids;
  }
}
