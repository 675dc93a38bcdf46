import { z } from 'zod';

/** Fuel as the duty rules tell vehicles apart. */
export const DUTY_FUELS = ['petrol', 'diesel', 'electric'] as const;
export type DutyFuel = (typeof DUTY_FUELS)[number];

const fraction = (name: string) => z.number({ error: `${name} must be a number` }).min(0, { error: `${name} must be at least 0%` }).max(1, { error: `${name} must be at most 100%` });

/**
 * The import-duty rates of one effective date (KRA), as the admin keeps them. Depreciation is by the
 * vehicle's age from first registration: `depreciation[0]` up to 1 year, `[1]` over 1 up to 2
 * years ... `[7]` over 7 up to 8 years.
 */
export const DutyRatesSchema = z.object({
  importDuty: fraction('importDuty'),
  /** Up to 1,500 cc. */
  exciseSmall: fraction('exciseSmall'),
  /** 1,501-3,000 cc petrol or 1,501-2,500 cc diesel. */
  exciseMid: fraction('exciseMid'),
  /** Above those. */
  exciseLarge: fraction('exciseLarge'),
  exciseElectric: fraction('exciseElectric'),
  /** Of customs value + import duty + excise. */
  vat: fraction('vat'),
  /** Import Declaration Fee, of the customs value. */
  idf: fraction('idf'),
  /** Railway Development Levy, of the customs value. */
  rdl: fraction('rdl'),
  depreciation: z
    .array(fraction('depreciation'), { error: 'depreciation must list 8 rates' })
    .length(8, { error: 'depreciation must list 8 rates, one per year of age' })
    .refine((rates) => rates.every((rate, i) => i === 0 || rate >= rates[i - 1]), { error: 'depreciation must not fall as cars get older' }),
  /** CRSP values include taxes: the depreciated CRSP is divided by this (1 leaves it as it is). */
  taxStrippingFactor: z.number({ error: 'taxStrippingFactor must be a number' }).min(0.1, { error: 'taxStrippingFactor must be at least 0.1' }).max(10, { error: 'taxStrippingFactor must be at most 10' }),
  /** The oldest year of first registration the eight-year rule admits in the rates' year. */
  cutoffYear: z.number({ error: 'cutoffYear must be a year' }).int({ error: 'cutoffYear must be a year' }).min(1990, { error: 'cutoffYear must be 1990 or later' }).max(2100, { error: 'cutoffYear must be 2100 or earlier' }),
});
export type DutyRates = z.infer<typeof DutyRatesSchema>;

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

  const arrival = new Date(today.getTime() + EXPECTED_SHIPPING_DAYS * 86_400_000);
  // The cut-off moves on a year for every calendar year the car would arrive after today's.
  const cutoffAtArrival = rates.cutoffYear + (arrival.getUTCFullYear() - today.getUTCFullYear());
  if (year < cutoffAtArrival || ageMonths > 96) {
    return {
      eligible: false,
      reason: `Kenya admits used cars first registered less than eight years before they arrive: a car arriving in ${arrival.getUTCFullYear()} must have been first registered in ${cutoffAtArrival} or later. A car first registered in ${year} cannot be imported, so it has no duty estimate.`,
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
export const DutyQuerySchema = z.object({
  crsp: z.coerce.number().int().positive().max(1_000_000_000).optional().catch(undefined),
  registered: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional().catch(undefined),
  cc: z.coerce.number().int().min(50).max(10_000).optional().catch(undefined),
  fuel: z.enum(DUTY_FUELS).optional().catch(undefined),
  cif: z.coerce.number().int().positive().max(1_000_000_000).optional().catch(undefined),
});
export type DutyQuery = z.infer<typeof DutyQuerySchema>;
