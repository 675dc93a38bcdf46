import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { ImageRef } from '@dealership/media-schemas';
import { MediaService } from '@dealership/media-server';
import { PeriodicJobs } from '@dealership/server-db';
import type {
  Checklist,
  ChecklistCreateFields,
  Inspection,
  InspectionCar,
  InspectionRecordFields,
  InspectionReport,
  PointResult,
} from '@dealership/inspection-schemas';
import { nairobiDate } from '@dealership/shared-util';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ChecklistDateTakenError,
  ChecklistNotFoundError,
  ChecklistNotInForceError,
  InspectionCarNotFoundError,
  InspectionResultError,
  CertificateNotFoundError,
  OdometerBelowCertificateError,
} from './inspection.errors';
import { InspectionCertificateService } from './inspection-certificate.service';
import { InspectionRepository, type StoredInspection } from './inspection.repository';

/** The pictures an inspection holds: its points' photos (its certificate is kept apart: InspectionCertificateService). */
function picturesOf(inspection: { results: PointResult[] }): ImageRef[] {
  return inspection.results.flatMap((result) => (result.photo ? [result.photo] : []));
}

/** How often the pictures of deleted cars' inspections are looked for (once across instances). */
export const ORPHAN_PICTURES_INTERVAL_MS = 60 * 60 * 1000;
/** Orphaned inspections done per run. */
const ORPHANS_PER_RUN = 200;

/** The rules of inspections: routers delegate here, the repository queries. Every write is in the activity log. */
@Injectable()
export class InspectionService implements OnModuleInit {
  constructor(
    private readonly inspections: InspectionRepository,
    private readonly media: MediaService,
    private readonly audit: AuditService,
    private readonly jobs: PeriodicJobs,
    private readonly certificates: InspectionCertificateService,
  ) {}

  onModuleInit() {
    this.jobs.every('inspection.orphan-pictures', ORPHAN_PICTURES_INTERVAL_MS, () => this.removeOrphans());
  }

  /**
   * A deleted car's inspection (its car id nulled by the database) goes, and its pictures with it:
   * the points' photos and the certificate, which may show the owner's papers; so do certificates
   * uploaded a day ago that no inspection took. How many inspections went.
   */
  async removeOrphans(): Promise<number> {
    let removed = 0;
    for (const orphan of await this.inspections.orphans(ORPHANS_PER_RUN)) {
      if (!(await this.inspections.removeOrphan(orphan.id))) continue;
      await this.removePictures(picturesOf(orphan));
      if (orphan.certificateId) await this.certificates.removeUnused(new Date(), [orphan.certificateId]);
      removed++;
    }
    await this.certificates.removeUnused();
    return removed;
  }

  /** Deletes pictures no inspection, car, brand or spin set shows (files are named by content: another may share one). */
  private async removePictures(pictures: ImageRef[]): Promise<void> {
    const publicIds = [...new Set(pictures.map((picture) => picture.publicId))];
    const inspected = await this.inspections.picturesInUse(publicIds);
    await this.media.removeUnlessHeld(publicIds.filter((publicId) => !inspected.has(publicId)));
  }

  checklists(): Promise<Checklist[]> {
    return this.inspections.checklists();
  }

  /** The version in force on `on` (today in Nairobi by default). */
  async checklistInForce(on: string | undefined, now = new Date()): Promise<Checklist> {
    const found = await this.inspections.checklistInForceOn(on ?? nairobiDate(now));
    if (!found) throw new ChecklistNotFoundError();
    return found;
  }

  /** A new dated version: it applies to inspections from its date on; earlier inspections keep theirs. */
  async createChecklist(input: ChecklistCreateFields, actor: AuditActor): Promise<Checklist> {
    const pointCount = input.areas.reduce((n, area) => n + area.points.length, 0);
    const created = await this.inspections.insertChecklist({ ...input, pointCount });
    if (!created) throw new ChecklistDateTakenError(input.effectiveFrom);
    await this.audit.record({
      actor,
      entity: 'inspection',
      entityId: created.id,
      label: `Checklist from ${created.effectiveFrom}`,
      action: 'create',
      after: created,
    });
    return created;
  }

  async byCar(carId: string): Promise<Inspection | null> {
    const found = await this.inspections.byCar(carId);
    return found ? this.withCertificate(found) : null;
  }

  cars(): Promise<InspectionCar[]> {
    return this.inspections.cars();
  }

  /**
   * Records a car's inspection over the checklist in force on its date, replacing the car's earlier
   * one. Points not listed passed. Refuses a wound-back odometer (below the export certificate's
   * mileage) and pictures that are not the store's own uploads.
   */
  async record(input: InspectionRecordFields, actor: AuditActor): Promise<Inspection> {
    if (input.exportCertificateKm !== undefined && input.odometerKm < input.exportCertificateKm) {
      throw new OdometerBelowCertificateError(input.odometerKm, input.exportCertificateKm);
    }
    if (!(await this.inspections.carExists(input.carId))) throw new InspectionCarNotFoundError();
    const checklist = await this.inspections.checklistById(input.checklistId);
    if (!checklist) throw new ChecklistNotFoundError();
    const inForce = await this.inspections.checklistInForceOn(input.inspectedOn);
    if (inForce?.id !== checklist.id) throw new ChecklistNotInForceError(input.inspectedOn, inForce?.effectiveFrom);

    const seen = new Set<number>();
    for (const [index, result] of input.results.entries()) {
      if (result.point >= checklist.pointCount)
        throw new InspectionResultError(`results.${index}.point`, `the checklist has ${checklist.pointCount} points (0-${checklist.pointCount - 1})`);
      if (seen.has(result.point)) throw new InspectionResultError(`results.${index}.point`, `point ${result.point} is listed twice`);
      seen.add(result.point);
      if (result.photo && !this.media.isOwnImage(result.photo)) throw new InspectionResultError(`results.${index}.photo`, 'upload the photo first');
    }
    const certificate = input.certificateId ? (await this.certificates.describe([input.certificateId])).get(input.certificateId) : undefined;
    if (input.certificateId && !certificate) throw new CertificateNotFoundError('certificateId');

    // Only what differs from a plain pass is kept; the counts sit beside it for the published summary.
    const results = input.results.filter((result) => result.status !== 'pass' || result.note || result.photo).sort((a, b) => a.point - b.point);
    const attention = results.filter((result) => result.status === 'attention').length;
    const failed = results.filter((result) => result.status === 'fail').length;
    const { inspection, replaced } = await this.inspections.replace({
      carId: input.carId,
      checklistId: checklist.id,
      inspectedOn: input.inspectedOn,
      inspector: input.inspector,
      odometerKm: input.odometerKm,
      passed: checklist.pointCount - attention - failed,
      attention,
      failed,
      results,
      auctionGrade: input.auctionGrade ?? null,
      auctionInteriorGrade: input.auctionInteriorGrade ?? null,
      exportCertificateKm: input.exportCertificateKm ?? null,
      certificateId: input.certificateId ?? null,
      certificatePublic: input.certificatePublic,
    });
    const kept = picturesOf(inspection);
    await this.media.attach(kept.map((picture) => picture.publicId));
    // The replaced inspection's pictures the new one does not keep are deleted with it (unless shown elsewhere).
    if (replaced) await this.removePictures(picturesOf(replaced));
    if (replaced?.certificateId && replaced.certificateId !== inspection.certificateId) await this.certificates.removeUnused(new Date(), [replaced.certificateId]);
    await this.audit.record({
      actor,
      entity: 'inspection',
      entityId: inspection.id,
      label: `Inspection of ${input.inspectedOn}`,
      action: replaced ? 'update' : 'create',
      before: replaced,
      after: inspection,
    });
    return this.withCertificate(inspection);
  }

  /** What buyers read on the car page; null when the car has no inspection. The certificate only when public. */
  async report(carId: string): Promise<InspectionReport | null> {
    const inspection = await this.inspections.byCar(carId);
    if (!inspection) return null;
    const checklist = await this.inspections.checklistById(inspection.checklistId);
    if (!checklist) return null;
    const byPoint = new Map(inspection.results.map((result) => [result.point, result]));
    let point = 0;
    const areas = checklist.areas.map((area) => {
      const points = area.points.map((name) => ({ name, result: byPoint.get(point++) }));
      return {
        name: area.name,
        points: area.points,
        items: points.flatMap(({ name, result }) =>
          result && result.status !== 'pass' ? [{ point: name, status: result.status, note: result.note ?? null, photo: result.photo ?? null }] : [],
        ),
      };
    });
    return {
      inspectedOn: inspection.inspectedOn,
      pointCount: checklist.pointCount,
      passed: inspection.passed,
      attention: inspection.attention,
      failed: inspection.failed,
      odometerKm: inspection.odometerKm,
      areas,
      auctionGrade: inspection.auctionGrade,
      auctionInteriorGrade: inspection.auctionInteriorGrade,
      exportCertificateKm: inspection.exportCertificateKm,
      certificate: inspection.certificatePublic && inspection.certificateId ? ((await this.certificates.describe([inspection.certificateId])).get(inspection.certificateId) ?? null) : null,
    };
  }

  /** An inspection as staff read it: with its certificate's description. */
  private async withCertificate({ certificateId, ...inspection }: StoredInspection): Promise<Inspection> {
    const certificate = certificateId ? ((await this.certificates.describe([certificateId])).get(certificateId) ?? null) : null;
    return { ...inspection, certificate };
  }
}
