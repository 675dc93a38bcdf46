import { DEFAULT_DUTY_RATES, oldestImportableYear as oldestImportableYearFor } from '@dealership/setting-schemas';

/**
 * The oldest year of first registration a car ordered today may have: the eight-year rule at its
 * expected arrival, reckoned as the import-duty estimate does (with the built-in rates' cut-off).
 */
export function oldestImportableYear(today: Date = new Date()): number {
  return oldestImportableYearFor(DEFAULT_DUTY_RATES, today).year;
}
