import {
  IMPORT_MILESTONE_LABELS,
  IMPORT_MILESTONES,
  type ImportBoard,
  type ImportCard,
  type ImportMilestone,
  type ImportTracking,
  MILESTONE_FIELD_LABELS,
  OVERDUE_RULES,
  type PURCHASE_CURRENCIES,
  type VehicleImport,
} from '@dealership/vehicle-import-schemas';
import { formatKes } from '@dealership/shared-util';
import { dayText } from './vehicle-import.messages';
import { type ImportRow, type StoredImport, toMilestone } from './vehicle-import.repository';

/** Where an import's paper is downloaded: staff with their token, the buyer with their tracking link's (`?token=`). */
export const importDocumentPath = (documentId: string) => `/api/imports/documents/${documentId}`;

/** The car as staff and buyers name it: "2020 Toyota Fielder". */
export const carName = (row: Pick<ImportRow, 'make' | 'model' | 'yearOfManufacture'>) => `${row.yearOfManufacture} ${row.make} ${row.model}`;

export const milestoneIndex = (milestone: ImportMilestone | string | null) => (milestone ? IMPORT_MILESTONES.indexOf(milestone as ImportMilestone) : -1);

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Why an import is late on `today`, or null: the first rule whose next milestone did not come in time. */
export function overdueReason(row: Pick<ImportRow, 'stage' | 'stageOn'>, today: string): string | null {
  if (!row.stage || !row.stageOn) return null;
  const rule = OVERDUE_RULES.find((candidate) => candidate.after === row.stage);
  if (!rule) return null;
  const late = daysBetween(row.stageOn, today) > rule.days;
  return late ? `No ${IMPORT_MILESTONE_LABELS[rule.next]} ${rule.days} days after ${IMPORT_MILESTONE_LABELS[rule.after]}` : null;
}

export function toCard(row: ImportRow & { paidKes: number }, today: string): ImportCard {
  return {
    id: row.id,
    reference: row.reference,
    buyerName: row.buyerName,
    buyerPhone: row.buyerPhone,
    make: row.make,
    model: row.model,
    yearOfManufacture: row.yearOfManufacture,
    yearOfFirstRegistration: row.yearOfFirstRegistration,
    expectedArrival: row.expectedArrival,
    stage: (row.stage as ImportMilestone | null) ?? null,
    stageOn: row.stageOn,
    agreedPriceKes: row.agreedPriceKes,
    paidKes: row.paidKes,
    overdue: overdueReason(row, today),
  };
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function toBoard(cards: ImportCard[], figures: { boughtToDeliveredDays: number[]; inTransit: number; moneyHeldKes: number }): ImportBoard {
  const counts: Record<string, number> = { open: 0, ...Object.fromEntries(IMPORT_MILESTONES.map((milestone) => [milestone, 0])) };
  for (const card of cards) counts[card.stage ?? 'open'] += 1;
  return {
    cards,
    counts,
    report: { medianDaysBoughtToDelivered: median(figures.boughtToDeliveredDays), inTransit: figures.inTransit, moneyHeldKes: figures.moneyHeldKes },
  };
}

export function toVehicleImport(stored: StoredImport, trackingUrl: string, warnings: string[], dutyRatesOnDutyPaid: VehicleImport['dutyRatesOnDutyPaid'] = null): VehicleImport {
  const { row } = stored;
  const milestones = stored.milestones.map(toMilestone).sort((a, b) => milestoneIndex(a.milestone) - milestoneIndex(b.milestone));
  return {
    id: row.id,
    reference: row.reference,
    leadId: row.leadId,
    buyerUserId: row.buyerUserId,
    buyerName: row.buyerName,
    buyerPhone: row.buyerPhone,
    buyerEmail: row.buyerEmail,
    make: row.make,
    model: row.model,
    yearOfManufacture: row.yearOfManufacture,
    yearOfFirstRegistration: row.yearOfFirstRegistration,
    chassisNumber: row.chassisNumber,
    auctionHouse: row.auctionHouse,
    auctionLot: row.auctionLot,
    auctionGrade: row.auctionGrade,
    rightHandDrive: row.rightHandDrive,
    exportCertificateKm: row.exportCertificateKm,
    purchaseCurrency: row.purchaseCurrency as (typeof PURCHASE_CURRENCIES)[number],
    purchasePrice: row.purchasePrice,
    exchangeRate: row.exchangeRate,
    agreedPriceKes: row.agreedPriceKes,
    depositKes: row.depositKes,
    paidKes: stored.payments.reduce((sum, payment) => sum + payment.amountKes, 0),
    expectedArrival: row.expectedArrival,
    arrivalEstimates: stored.arrivalEstimates.map((estimate) => ({ estimatedArrival: estimate.estimatedArrival, recordedAt: estimate.recordedAt.toISOString() })),
    staffNote: row.staffNote,
    milestones,
    documents: stored.documents.map((document) => ({
      id: document.id,
      title: document.title,
      contentType: document.contentType as VehicleImport['documents'][number]['contentType'],
      fileName: document.fileName,
      byteSize: document.byteSize,
      sharedWithBuyer: document.sharedWithBuyer,
      uploadedBy: document.uploadedBy,
      uploadedAt: document.uploadedAt.toISOString(),
      url: importDocumentPath(document.id),
    })),
    payments: stored.payments.map((payment) => ({
      id: payment.id,
      amountKes: payment.amountKes,
      method: payment.method as VehicleImport['payments'][number]['method'],
      reference: payment.reference,
      receivedOn: payment.receivedOn,
    })),
    stage: (row.stage as ImportMilestone | null) ?? null,
    trackingUrl,
    warnings,
    dutyRatesOnDutyPaid,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A milestone's field as the buyer reads it (dates as "10 Jan 2027", amounts in KES). */
function buyerValue(kind: 'text' | 'number' | 'date', name: string, value: unknown): string {
  if (kind === 'date' && typeof value === 'string') return dayText(value);
  if (kind === 'number' && typeof value === 'number') return name.endsWith('Km') ? `${value.toLocaleString('en-GB')} km` : formatKes(value);
  return String(value);
}

/** What the buyer pays next: the rest of the deposit, then the balance; null once the agreed price is paid. */
export function nextPayment(row: Pick<ImportRow, 'agreedPriceKes' | 'depositKes'>, paidKes: number): ImportTracking['nextPayment'] {
  if (paidKes < row.depositKes) return { kind: 'deposit', amountKes: row.depositKes - paidKes };
  return paidKes < row.agreedPriceKes ? { kind: 'balance', amountKes: row.agreedPriceKes - paidKes } : null;
}

/**
 * The buyer's tracking page: every milestone in order (those not reached yet without a date), the
 * fields buyers may see, the vessel, the arrival, and the money. Never a staff note, the supplier's
 * price, the exchange rate, the bill of lading or the buyer's own contacts.
 */
export function toTracking(stored: StoredImport, token: string, payments: { mpesaPayments: boolean; cardPayments: boolean }): ImportTracking {
  const { row } = stored;
  const reached = new Map(stored.milestones.map((milestone) => [milestone.milestone, milestone]));
  const shipped = reached.get('shipped');
  const paidKes = stored.payments.reduce((sum, payment) => sum + payment.amountKes, 0);
  return {
    reference: row.reference,
    car: carName(row),
    expectedArrival: row.expectedArrival,
    vessel: typeof shipped?.fields['vessel'] === 'string' ? shipped.fields['vessel'] : null,
    timeline: IMPORT_MILESTONES.map((milestone) => {
      const found = reached.get(milestone);
      return {
        milestone,
        occurredOn: found?.occurredOn ?? null,
        details: found
          ? MILESTONE_FIELD_LABELS[milestone]
              .filter((field) => field.buyerSees && found.fields[field.name] !== undefined && found.fields[field.name] !== null && found.fields[field.name] !== '')
              .map((field) => ({ label: field.label, value: buyerValue(field.kind, field.name, found.fields[field.name]) }))
          : [],
      };
    }),
    agreedPriceKes: row.agreedPriceKes,
    paidKes,
    dueKes: Math.max(0, row.agreedPriceKes - paidKes),
    nextPayment: nextPayment(row, paidKes),
    ...payments,
    documents: stored.documents
      .filter((document) => document.sharedWithBuyer)
      .map((document) => ({
        title: document.title,
        fileName: document.fileName,
        contentType: document.contentType,
        byteSize: document.byteSize,
        url: `${importDocumentPath(document.id)}?token=${encodeURIComponent(token)}`,
      })),
  };
}
