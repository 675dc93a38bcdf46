import type { DutyRates } from './duty-rates.schema';

/** Fuel as the duty rules tell vehicles apart. */
export const DUTY_FUELS = ['petrol', 'diesel', 'electric'] as const;
export type DutyFuel = (typeof DUTY_FUELS)[number];

/**
 * Car fuels (a car page's link sends its own, lower-cased) the duty rules count as another:
 * hybrids pay as petrol cars, by engine size. Electric cars are `electric` already.
 */
const DUTY_FUEL_OF_CAR_FUEL: Record<string, DutyFuel> = { hybrid: 'petrol', 'plug-in hybrid': 'petrol' };

/** The rates of November 2026, the settings' seed. */
export const DEFAULT_DUTY_RATES: DutyRates = {
  importDuty: 0.35,
  exciseSmall: 0.2,
  exciseMid: 0.25,
  exciseLarge: 0.35,
  exciseElectric: 0.1,
  vat: 0.16,
  idf: 0.025,
  rdl: 0.02,
  depreciation: [0.1, 0.2, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65],
  taxStrippingFactor: 1,
  cutoffYear: 2019,
};

/** Days from today to a car's expected arrival at Mombasa (shipping from Japan, clearing). */
export const EXPECTED_SHIPPING_DAYS = 60;

export interface DutyInput {
  /** Current Retail Selling Price (KRA's list), KES. */
  crsp: number;
  /** Month of first registration, YYYY-MM. */
  registered: string;
  /** Engine size, cc; not needed for an electric car. */
  cc?: number;
  fuel: DutyFuel;
  /** The invoice's CIF value, KES, when known. */
  cif?: number;
}

export interface DutyLine {
  label: 'Customs value' | 'Import duty' | 'Excise duty' | 'VAT' | 'IDF' | 'RDL' | 'Total';
  amount: number;
}

export type DutyEstimate =
  | {
      eligible: true;
      /** Whole months from the first registration to today. */
      ageMonths: number;
      /** "over 4 up to 5 years". */
      ageBand: string;
      depreciation: number;
      exciseRate: number;
      /** Which value the customs value came from. */
      customsValueFrom: 'crsp' | 'cif';
      lines: DutyLine[];
    }
  | { eligible: false; reason: string };

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

/**
 * The eight-year rule at a car's expected arrival (today + EXPECTED_SHIPPING_DAYS): the oldest year
 * of first registration Kenya admits then. The cut-off moves on a year for every calendar year the
 * car would arrive after today's.
 */
export function oldestImportableYear(rates: Pick<DutyRates, 'cutoffYear'>, today: Date): { year: number; arrivalYear: number } {
  const arrivalYear = new Date(today.getTime() + EXPECTED_SHIPPING_DAYS * 86_400_000).getUTCFullYear();
  return { year: rates.cutoffYear + (arrivalYear - today.getUTCFullYear()), arrivalYear };
}

/** "up to 1 year", "over 1 up to 2 years", ... for an age in whole months. */
export function ageBandLabel(ageMonths: number): string {
  const band = Math.max(0, Math.ceil(ageMonths / 12) - 1);
  return band === 0 ? 'up to 1 year' : `over ${band} up to ${band + 1} years`;
}

/** The excise rate of an engine: by size, and by fuel between 1,501 and 3,000 cc. */
export function exciseRate(fuel: DutyFuel, cc: number | undefined, rates: DutyRates): number {
  if (fuel === 'electric') return rates.exciseElectric;
  const size = cc ?? 0;
  if (size <= 1500) return rates.exciseSmall;
  const midLimit = fuel === 'diesel' ? 2500 : 3000;
  return size <= midLimit ? rates.exciseMid : rates.exciseLarge;
}

/**
 * KRA's duty on a used car imported into Kenya, line by line, to the shilling:
 * customs value = CRSP x (1 - depreciation by age) / tax-stripping factor (or the CIF value when
 * higher); import duty on it; excise on customs value + duty; VAT on all three; IDF and RDL on
 * the customs value; total = duty + excise + VAT + IDF + RDL. A car older than the eight-year rule
 * allows at its expected arrival gets no estimate, but the reason.
 */
export function estimateImportDuty(input: DutyInput, rates: DutyRates, today: Date): DutyEstimate {
  const match = /^(\d{4})-(\d{2})$/.exec(input.registered);
  if (!match) return { eligible: false, reason: 'Enter the month and year of first registration.' };
  const [year, month] = [Number(match[1]), Number(match[2])];
  const todayIndex = monthIndex(today.getUTCFullYear(), today.getUTCMonth() + 1);
  const ageMonths = todayIndex - monthIndex(year, month);
  if (month < 1 || month > 12 || ageMonths < 0) return { eligible: false, reason: 'The first registration cannot be in the future.' };

  const { year: cutoffAtArrival, arrivalYear } = oldestImportableYear(rates, today);
  if (year < cutoffAtArrival || ageMonths > 96) {
    return {
      eligible: false,
      reason: `Kenya admits used cars first registered less than eight years before they arrive: a car arriving in ${arrivalYear} must have been first registered in ${cutoffAtArrival} or later. A car first registered in ${year} cannot be imported, so it has no duty estimate.`,
    };
  }
  const depreciation = rates.depreciation[Math.max(0, Math.ceil(ageMonths / 12) - 1)];
  const fromCrsp = Math.round((input.crsp * (1 - depreciation)) / rates.taxStrippingFactor);
  const customsValueFrom = input.cif !== undefined && input.cif > fromCrsp ? 'cif' : 'crsp';
  const customsValue = customsValueFrom === 'cif' ? Math.round(input.cif as number) : fromCrsp;
  const excise = exciseRate(input.fuel, input.cc, rates);
  const importDuty = Math.round(customsValue * rates.importDuty);
  const exciseDuty = Math.round((customsValue + importDuty) * excise);
  const vat = Math.round((customsValue + importDuty + exciseDuty) * rates.vat);
  const idf = Math.round(customsValue * rates.idf);
  const rdl = Math.round(customsValue * rates.rdl);
  return {
    eligible: true,
    ageMonths,
    ageBand: ageBandLabel(ageMonths),
    depreciation,
    exciseRate: excise,
    customsValueFrom,
    lines: [
      { label: 'Customs value', amount: customsValue },
      { label: 'Import duty', amount: importDuty },
      { label: 'Excise duty', amount: exciseDuty },
      { label: 'VAT', amount: vat },
      { label: 'IDF', amount: idf },
      { label: 'RDL', amount: rdl },
      { label: 'Total', amount: importDuty + exciseDuty + vat + idf + rdl },
    ],
  };
}

/** The duty page's inputs as they travel in its URL: `?crsp=3000000&registered=2022-05&cc=1500&fuel=petrol[&cif=...]`. */
export interface DutyQuery {
  crsp?: number;
  registered?: string;
  cc?: number;
  fuel?: DutyFuel;
  cif?: number;
}

/** A whole number from a query value within bounds; undefined otherwise. */
export function queryInteger(value: string | null | undefined, min: number, max: number): number | undefined {
  if (value === null || value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/**
 * The duty page's query, each value kept only when it is valid (a bad one is as if absent). Plain
 * code rather than a zod schema: the page's route stays without zod (150 KB budget, bundle-check).
 */
export function parseDutyQuery(params: Record<string, string | undefined>): DutyQuery {
  const query: DutyQuery = {
    crsp: queryInteger(params['crsp'], 1, 1_000_000_000),
    registered: /^\d{4}-(0[1-9]|1[0-2])$/.test(params['registered'] ?? '') ? params['registered'] : undefined,
    cc: queryInteger(params['cc'], 50, 10_000),
    fuel: (DUTY_FUELS as readonly string[]).includes(params['fuel'] ?? '') ? (params['fuel'] as DutyFuel) : DUTY_FUEL_OF_CAR_FUEL[params['fuel'] ?? ''],
    cif: queryInteger(params['cif'], 1, 1_000_000_000),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as DutyQuery;
}
