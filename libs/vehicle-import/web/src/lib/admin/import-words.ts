import { IMPORT_MILESTONE_LABELS, IMPORT_MILESTONES, PAYMENT_METHODS, type ImportMilestone } from '@dealership/vehicle-import-schemas';

/** A board column's name: a milestone's, or this one for the imports not yet bought. */
export const NOT_BOUGHT_LABEL = 'Not bought yet';

export const stageLabel = (stage: ImportMilestone | null) => (stage ? IMPORT_MILESTONE_LABELS[stage] : NOT_BOUGHT_LABEL);

/** The milestone after `stage` (the first for an import not yet bought); null once delivered. */
export function nextMilestone(stage: ImportMilestone | null): ImportMilestone | null {
  return IMPORT_MILESTONES[stage ? IMPORT_MILESTONES.indexOf(stage) + 1 : 0] ?? null;
}

/** "2024 Toyota Fielder". */
export const carName = (car: { year: number; make: string; model: string }) => `${car.year} ${car.make} ${car.model}`;

export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = { mpesa: 'M-Pesa', card: 'Card', bank: 'Bank', cash: 'Cash' };

// A calendar day (YYYY-MM-DD) is no instant: read and written in UTC so no time zone moves it.
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-12-05" -> "5 Dec 2026". */
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** A typed calendar day, as the forms' date inputs take it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
