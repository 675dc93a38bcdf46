import { inspectionCertificates } from '@dealership/inspection-data';
import type { CertificateFile } from '@dealership/inspection-schemas';
import { DB, type Database } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';

type CertificateRow = typeof inspectionCertificates.$inferSelect;
export type NewCertificate = Omit<typeof inspectionCertificates.$inferInsert, 'id' | 'uploadedAt'>;

/** Where a certificate is downloaded; the route decides who may. */
export const certificateUrl = (id: string) => `/api/inspection-certificates/${id}`;

export function toCertificateFile(row: Pick<CertificateRow, 'id' | 'contentType' | 'fileName' | 'byteSize'>): CertificateFile {
  return { id: row.id, contentType: row.contentType as CertificateFile['contentType'], fileName: row.fileName, byteSize: row.byteSize, url: certificateUrl(row.id) };
}

const described = {
  id: inspectionCertificates.id,
  contentType: inspectionCertificates.contentType,
  fileName: inspectionCertificates.fileName,
  byteSize: inspectionCertificates.byteSize,
};

/** The only code that touches the certificates' table. */
@Injectable()
export class InspectionCertificateRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insert(certificate: NewCertificate): Promise<CertificateFile> {
    const [row] = await this.db.insert(inspectionCertificates).values(certificate).returning(described);
    return toCertificateFile(row);
  }

  /** The certificates' descriptions (not their bytes), by id. */
  async describe(ids: readonly string[]): Promise<Map<string, CertificateFile>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select(described).from(inspectionCertificates).where(inArray(inspectionCertificates.id, [...ids]));
    return new Map(rows.map((row) => [row.id, toCertificateFile(row)]));
  }

  /** A certificate with its bytes, and whether a car's inspection shows it to buyers. */
  async file(id: string): Promise<(CertificateRow & { shownPublicly: boolean }) | undefined> {
    const [row] = await this.db
      .select({
        certificate: inspectionCertificates,
        // Spelled out: inside a subquery Drizzle names columns without their table, and `id` would be the inspection's.
        shownPublicly: sql<boolean>`exists (select 1 from car_inspections i where i.certificate_id = inspection_certificates.id
          and i.certificate_public and i.car_id is not null)`,
      })
      .from(inspectionCertificates)
      .where(eq(inspectionCertificates.id, id))
      .limit(1);
    return row && { ...row.certificate, shownPublicly: row.shownPublicly };
  }

  /** Deletes the certificates no inspection names that were uploaded before `before`; how many. */
  async removeUnused(before: Date, only?: readonly string[]): Promise<number> {
    const rows = await this.db
      .delete(inspectionCertificates)
      .where(
        and(
          lt(inspectionCertificates.uploadedAt, before),
          only ? inArray(inspectionCertificates.id, [...only]) : undefined,
          sql`not exists (select 1 from car_inspections i where i.certificate_id = inspection_certificates.id)`,
        ),
      )
      .returning({ id: inspectionCertificates.id });
    return rows.length;
  }
}
