import { type AuditActor, AuditService } from '@dealership/audit-server';
import { emailMessage, Outbox, smsMessage } from '@dealership/message-server';
import { MediaService } from '@dealership/media-server';
import { CardPaymentService, MpesaDepositService } from '@dealership/order-server';
import type { MpesaPayment } from '@dealership/order-schemas';
import { SettingService } from '@dealership/setting-server';
import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { nairobiDate } from '@dealership/shared-util';
import {
  IMPORT_MILESTONE_LABELS,
  IMPORT_DOCUMENT_MAX_BYTES,
  IMPORT_MILESTONES,
  type ImportBoard,
  type ImportCostSuggestions,
  type ImportCard,
  type ImportPaymentFields,
  type ImportPriceFields,
  type ImportTracking,
  type MilestoneRecordFields,
  type MyImport,
  type VehicleImport,
  type VehicleImportOpenFields,
} from '@dealership/vehicle-import-schemas';
import { Injectable } from '@nestjs/common';
import { IMPORT_PAYABLE } from './import-payable';
import { ImportTrackingLinks } from './import-tracking-links';
import { carName, milestoneIndex, toBoard, toCard, toTracking, toVehicleImport } from './import-views';
import { VehicleImportNotFoundError } from './vehicle-import.errors';
import { milestoneEmail, milestoneSms, paymentSms } from './vehicle-import.messages';
import { type ImportRow, VehicleImportRepository } from './vehicle-import.repository';

/** Japan to Mombasa, when staff give no date: the eight-year rule is reckoned at this arrival. */
export const DEFAULT_SHIPPING_DAYS = 42;

/** A milestone to record: the contract's fields, the staff note optional. */
type MilestoneInput = Omit<MilestoneRecordFields, 'staffNote'> & { staffNote?: string };

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Imports on behalf of buyers (issue 45): opened by staff, moved on by milestones in order (each
 * sends the buyer one message with their tracking link), paid towards, and followed on the board.
 * Every write is in the activity log.
 */
@Injectable()
export class VehicleImportService {
  constructor(
    private readonly imports: VehicleImportRepository,
    private readonly links: ImportTrackingLinks,
    private readonly settings: SettingService,
    private readonly outbox: Outbox,
    private readonly audit: AuditService,
    private readonly media: MediaService,
    private readonly mpesa: MpesaDepositService,
    private readonly cards: CardPaymentService,
  ) {}

  /**
   * The oldest year of first registration Kenya admits (KS 1515, under eight years old) for a car
   * arriving on `arrival`: the duty rates' cut-off (the owner keeps it with the rates in force),
   * a year later for every calendar year the arrival is after today's.
   */
  async oldestAdmittedYear(arrival: string, now: Date): Promise<number> {
    const { duty } = await this.settings.current(now);
    return duty.cutoffYear + (Number(arrival.slice(0, 4)) - Number(nairobiDate(now).slice(0, 4)));
  }

  async open(input: VehicleImportOpenFields, actor: AuditActor, now = new Date()): Promise<VehicleImport> {
    const expectedArrival = input.expectedArrival ?? addDays(nairobiDate(now), DEFAULT_SHIPPING_DAYS);
    const oldest = await this.oldestAdmittedYear(expectedArrival, now);
    if (input.yearOfFirstRegistration < oldest) {
      throw new DomainError(
        ErrorCode.BadRequest,
        `Kenya admits used cars first registered less than eight years before they arrive: a car arriving in ${expectedArrival.slice(0, 4)} must have been first registered in ${oldest} or later`,
        'yearOfFirstRegistration',
      );
    }
    const row = await this.imports.transaction((tx) => this.imports.insert(tx, { ...input, expectedArrival }));
    const opened = await this.byId(row.id, now);
    await this.audit.record({ actor, entity: 'vehicle-import', entityId: row.id, label: `${row.reference} ${carName(row)}`, action: 'create', after: opened });
    return opened;
  }

  async byId(id: string, now = new Date()): Promise<VehicleImport> {
    const stored = await this.imports.byId(id);
    if (!stored) throw new VehicleImportNotFoundError();
    const dutyPaid = stored.milestones.find((milestone) => milestone.milestone === 'duty-paid');
    return toVehicleImport(stored, this.links.url(id), await this.warnings(stored.row, now), dutyPaid ? await this.dutyRatesOn(dutyPaid.occurredOn) : null);
  }

  /** The duty estimator's rates in force on a day (noon in Nairobi), for comparison with KRA's assessment. */
  private async dutyRatesOn(day: string): Promise<VehicleImport['dutyRatesOnDutyPaid']> {
    const { effectiveFrom, duty } = await this.settings.current(new Date(`${day}T12:00:00+03:00`));
    const { importDuty, exciseSmall, exciseMid, exciseLarge, vat, idf, rdl } = duty;
    return { effectiveFrom, importDuty, exciseSmall, exciseMid, exciseLarge, vat, idf, rdl };
  }

  /** What staff should know: an arrival that moved past the eight-year rule. */
  private async warnings(row: ImportRow, now: Date): Promise<string[]> {
    if (row.stage && milestoneIndex(row.stage) >= milestoneIndex('arrived')) return [];
    const oldest = await this.oldestAdmittedYear(row.expectedArrival, now);
    return row.yearOfFirstRegistration < oldest
      ? [
          `Arriving in ${row.expectedArrival.slice(0, 4)}, a car first registered in ${row.yearOfFirstRegistration} is past Kenya's eight-year rule: the oldest year allowed then is ${oldest}`,
        ]
      : [];
  }

  /**
   * Records a milestone, in order (the ones before it first: none is skipped), or corrects one
   * already recorded (the correction is in the activity log; the buyer is not told again). A new
   * milestone sends the buyer one SMS (and email) with the tracking link, in the same transaction.
   * Shipped sets the estimated arrival (each change kept) and warns when it moves past the
   * eight-year rule.
   */
  async recordMilestone(input: MilestoneInput, actor: AuditActor, now = new Date()): Promise<VehicleImport> {
    const index = milestoneIndex(input.milestone);
    const { row, created, before } = await this.imports.transaction(async (tx) => {
      const locked = await this.imports.lock(tx, input.importId);
      if (!locked) throw new VehicleImportNotFoundError();
      const reached = new Map((await this.imports.milestones(tx, input.importId)).map((milestone) => [milestone.milestone, milestone]));
      const missing = IMPORT_MILESTONES.slice(0, index).find((milestone) => !reached.has(milestone));
      if (missing && !reached.has(input.milestone)) {
        throw new DomainError(ErrorCode.Conflict, `Record "${IMPORT_MILESTONE_LABELS[missing]}" first: milestones are recorded in order`, 'milestone');
      }
      const previous = IMPORT_MILESTONES.slice(0, index)
        .map((milestone) => reached.get(milestone))
        .reverse()
        .find(Boolean);
      if (previous && input.occurredOn < previous.occurredOn) {
        const label = IMPORT_MILESTONE_LABELS[previous.milestone as keyof typeof IMPORT_MILESTONE_LABELS];
        throw new DomainError(ErrorCode.BadRequest, `The date cannot be before ${label} (${previous.occurredOn})`, 'occurredOn');
      }
      const saved = await this.imports.saveMilestone(tx, {
        importId: input.importId,
        milestone: input.milestone,
        occurredOn: input.occurredOn,
        fields: input.fields,
        staffNote: input.staffNote ?? null,
        recordedBy: actor.name,
      });
      // The stage is the last milestone reached (a correction of it moves its date).
      if (index >= milestoneIndex(locked.stage)) await this.imports.setStage(tx, locked.id, input.milestone, input.occurredOn);
      let expectedArrival = locked.expectedArrival;
      const arrival = input.fields['estimatedArrival'];
      if (input.milestone === 'shipped' && typeof arrival === 'string' && (await this.imports.setExpectedArrival(tx, locked.id, locked.expectedArrival, arrival))) {
        expectedArrival = arrival;
      }
      if (saved.created) await this.tellBuyer(tx, locked, input, expectedArrival);
      return { row: locked, ...saved };
    });
    const recorded = await this.byId(input.importId, now);
    await this.audit.record({
      actor,
      entity: 'vehicle-import',
      entityId: row.id,
      label: `${row.reference}: ${IMPORT_MILESTONE_LABELS[input.milestone]}${created ? '' : ' (corrected)'}`,
      action: 'update',
      before: before ? { milestone: input.milestone, occurredOn: before.occurredOn, fields: before.fields, staffNote: before.staffNote } : undefined,
      after: { milestone: input.milestone, occurredOn: input.occurredOn, fields: input.fields, staffNote: input.staffNote ?? null },
    });
    return recorded;
  }

  private async tellBuyer(tx: Parameters<Outbox['enqueue']>[0], row: ImportRow, input: MilestoneInput, expectedArrival: string): Promise<void> {
    const news = {
      reference: row.reference,
      car: carName(row),
      milestone: input.milestone,
      occurredOn: input.occurredOn,
      vessel: typeof input.fields['vessel'] === 'string' ? input.fields['vessel'] : undefined,
      numberPlate: typeof input.fields['numberPlate'] === 'string' ? input.fields['numberPlate'] : undefined,
      expectedArrival,
      trackingUrl: this.links.url(row.id),
    };
    await this.outbox.enqueue(tx, [
      smsMessage(row.buyerPhone, 'import.milestone', milestoneSms(news), { reference: row.id }),
      ...(row.buyerEmail ? [emailMessage(row.buyerEmail, 'import.milestone', await milestoneEmail(news, this.outbox.site), { reference: row.id })] : []),
    ]);
  }

  /**
   * A payment received towards the import (deposit or balance), as the staff record it (a bank
   * transfer, cash, an M-Pesa to the till): the buyer gets its receipt by SMS in the same
   * transaction, as for a payment from their tracking page.
   */
  async recordPayment(input: ImportPaymentFields, actor: AuditActor): Promise<VehicleImport> {
    const payment = await this.imports.transaction(async (tx) => {
      const locked = await this.imports.lock(tx, input.importId);
      if (!locked) throw new VehicleImportNotFoundError();
      const added = await this.imports.addPayment(tx, { ...input, recordedBy: actor.name });
      // An anonymised import keeps no number to text.
      if (locked.buyerPhone) {
        const receipt = paymentSms({
          reference: locked.reference,
          amountKes: added.amountKes,
          method: input.method,
          receipt: added.reference,
          paidKes: await this.imports.paidKes(tx, locked.id),
          agreedPriceKes: locked.agreedPriceKes,
          trackingUrl: this.links.url(locked.id),
        });
        await this.outbox.enqueue(tx, [smsMessage(locked.buyerPhone, 'import.payment', receipt, { reference: locked.id })]);
      }
      return { row: locked, payment: added };
    });
    await this.audit.record({ actor, entity: 'vehicle-import', entityId: input.importId, label: `${payment.row.reference}: payment`, action: 'update', after: payment.payment });
    return this.byId(input.importId);
  }

  /** Owners: the buyer's agreed price and deposit. */
  async setPrice(input: ImportPriceFields, actor: AuditActor): Promise<VehicleImport> {
    if (input.depositKes > input.agreedPriceKes) throw new DomainError(ErrorCode.BadRequest, 'The deposit cannot be more than the agreed price', 'depositKes');
    const before = await this.imports.transaction(async (tx) => {
      const locked = await this.imports.lock(tx, input.importId);
      if (!locked) throw new VehicleImportNotFoundError();
      await this.imports.setPrice(tx, locked.id, input.agreedPriceKes, input.depositKes);
      return locked;
    });
    await this.audit.record({
      actor,
      entity: 'vehicle-import',
      entityId: before.id,
      label: `${before.reference}: price`,
      action: 'update',
      before: { agreedPriceKes: before.agreedPriceKes, depositKes: before.depositKes },
      after: { agreedPriceKes: input.agreedPriceKes, depositKes: input.depositKes },
    });
    return this.byId(before.id);
  }

  /** The board: imports by stage, with the overdue ones marked, and the report's figures. */
  async board(filters: { search?: string; overdueOnly?: boolean; includeDelivered?: boolean }, now = new Date()): Promise<ImportBoard> {
    const today = nairobiDate(now);
    const cards: ImportCard[] = (await this.imports.board(filters)).map((row) => toCard(row, today));
    return toBoard(
      filters.overdueOnly ? cards.filter((card) => card.overdue) : cards,
      await this.imports.figures(),
    );
  }

  /** The buyer's tracking page, for its signed token; not found for any other token. */
  async track(token: string): Promise<ImportTracking> {
    const stored = await this.imports.byId(this.importOf(token));
    if (!stored) throw new VehicleImportNotFoundError('token');
    return toTracking(stored, token, { mpesaPayments: this.mpesa.enabled, cardPayments: this.cards.enabled });
  }

  /**
   * The holder of the tracking link pays what is due (the rest of the deposit, then the balance) by
   * M-Pesa Express: the order domain's deposit lifecycle (`ImportPayable` says what is due and
   * records the money); the attempts are counted per import.
   */
  async payByMpesa(token: string, phone: string): Promise<MpesaPayment> {
    const id = this.importOf(token);
    return this.mpesa.payPayable(IMPORT_PAYABLE, id, phone, `import:${id}`);
  }

  /** The card form's client token, for the holder of the tracking link (503 when card payments are off). */
  async clientToken(token: string): Promise<{ clientToken: string }> {
    this.importOf(token);
    return this.cards.clientToken();
  }

  /** The holder of the tracking link pays what is due by card (the order domain's card sale); the page as it is then. */
  async payByCard(token: string, nonce: string): Promise<ImportTracking> {
    const id = this.importOf(token);
    await this.cards.payPayable(IMPORT_PAYABLE, id, nonce, `import:${id}`);
    return this.track(token);
  }

  /** One of the import's M-Pesa requests, as the tracking page polls it. */
  async mpesaPayment(token: string, paymentId: string): Promise<MpesaPayment> {
    const id = this.importOf(token);
    return this.mpesa.payablePayment(IMPORT_PAYABLE, id, paymentId);
  }

  /** The import a tracking link's token names; a 404 naming `token` for a forged or foreign one. */
  private importOf(token: string): string {
    const id = this.links.verify(token);
    if (!id) throw new VehicleImportNotFoundError('token');
    return id;
  }

  /** A signed-in buyer's imports, with their tracking links (My Orders). */
  async mine(userId: string): Promise<MyImport[]> {
    return (await this.imports.ofUser(userId)).map((row) => ({
      reference: row.reference,
      car: carName(row),
      stage: (row.stage as MyImport['stage']) ?? null,
      expectedArrival: row.expectedArrival,
      trackingUrl: this.links.path(row.id),
    }));
  }

  /**
   * Owners: what the latest import of a chassis number recorded of the car's cost, as cost lines for
   * the car of the stock with that chassis number (issue 46): the purchase in its currency at the
   * rate used (when both were recorded), and from Duty paid the duty and the other charges. Null
   * when no import has that chassis number.
   */
  async costsForChassis(chassisNumber: string): Promise<ImportCostSuggestions> {
    const stored = await this.imports.byChassis(chassisNumber);
    if (!stored) return null;
    const { row } = stored;
    const dutyPaid = stored.milestones.find((milestone) => milestone.milestone === 'duty-paid')?.fields ?? {};
    const entry = typeof dutyPaid['kraEntryNumber'] === 'string' ? dutyPaid['kraEntryNumber'] : undefined;
    const costs: NonNullable<ImportCostSuggestions>['costs'] = [];
    if (row.purchasePrice !== null && row.purchasePrice > 0 && (row.purchaseCurrency === 'KES' || row.exchangeRate !== null)) {
      costs.push({
        kind: 'purchase',
        currency: row.purchaseCurrency as NonNullable<ImportCostSuggestions>['costs'][number]['currency'],
        amount: row.purchasePrice,
        ...(row.purchaseCurrency === 'KES' || row.exchangeRate === null ? {} : { exchangeRate: row.exchangeRate }),
        ...(row.auctionHouse ? { supplier: row.auctionHouse } : {}),
        receipt: row.reference,
      });
    }
    for (const [kind, field] of [
      ['duty', 'dutyKes'],
      ['clearing', 'otherChargesKes'],
    ] as const) {
      const amount = dutyPaid[field];
      if (typeof amount === 'number' && amount > 0) costs.push({ kind, currency: 'KES', amount, supplier: 'KRA', ...(entry ? { receipt: entry } : {}) });
    }
    return { importId: row.id, reference: row.reference, costs };
  }

  /** The import opened from a lead, if any (the leads inbox shows it in place of "Open import"). */
  async forLead(leadId: string): Promise<ImportCard | null> {
    const row = await this.imports.byLead(leadId);
    return row ? toCard(row, nairobiDate()) : null;
  }

  /** Attaches a paper (a PDF or a picture, kept privately) to an import; shared with the buyer's page when asked. */
  async addDocument(importId: string, file: { data: Buffer; fileName: string }, options: { title: string; shared: boolean }, actor: AuditActor): Promise<VehicleImport> {
    const found = await this.imports.byId(importId);
    if (!found) throw new VehicleImportNotFoundError('id');
    const document = await this.media.privateDocument(file, IMPORT_DOCUMENT_MAX_BYTES, 'document');
    const added = await this.imports.addDocument({ ...document, importId, title: options.title, sharedWithBuyer: options.shared, uploadedBy: actor.name });
    await this.audit.record({ actor, entity: 'vehicle-import', entityId: importId, label: `${found.row.reference}: document ${options.title}`, action: 'update', after: added });
    return this.byId(importId);
  }

  async shareDocument(documentId: string, sharedWithBuyer: boolean, actor: AuditActor): Promise<VehicleImport> {
    const before = await this.imports.document(documentId);
    const changed = before ? await this.imports.shareDocument(documentId, sharedWithBuyer) : undefined;
    if (!before || !changed) throw new VehicleImportNotFoundError('documentId');
    await this.audit.record({
      actor,
      entity: 'vehicle-import',
      entityId: before.importId,
      label: `Document ${before.title}`,
      action: 'update',
      before: { sharedWithBuyer: before.sharedWithBuyer },
      after: { sharedWithBuyer },
    });
    return this.byId(before.importId);
  }

  async removeDocument(documentId: string, actor: AuditActor): Promise<VehicleImport> {
    const removed = await this.imports.removeDocument(documentId);
    if (!removed) throw new VehicleImportNotFoundError('documentId');
    await this.audit.record({ actor, entity: 'vehicle-import', entityId: removed.importId, label: `Document ${removed.title}`, action: 'remove', before: removed });
    return this.byId(removed.importId);
  }

  /** A paper's file, for staff (any) or for the holder of its import's tracking link (shared ones only). */
  async documentFile(documentId: string, access: { staff: boolean; trackingToken?: string }) {
    const document = await this.imports.document(documentId);
    const buyerMay = document && access.trackingToken !== undefined && document.sharedWithBuyer && this.links.verify(access.trackingToken) === document.importId;
    if (!document || (!access.staff && !buyerMay)) throw new VehicleImportNotFoundError('documentId');
    return document;
  }
}
