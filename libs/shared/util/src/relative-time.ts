// Largest unit first; weeks are skipped so the wording stays "12 days ago", as the legacy tables read.
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "3 days ago", "in 2 hours", "yesterday": the time from `now` to `date` in its largest whole unit,
 * worded by `Intl.RelativeTimeFormat` (no date library).
 */
export function formatRelativeTime(date: Date | string | number, now: Date | number = Date.now(), locale = 'en'): string {
  const then = new Date(date).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = (then - new Date(now).getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? UNITS[UNITS.length - 1];
  const amount = seconds / size;
  // Round half away from zero, so 90 seconds ago reads "2 minutes ago" (Math.round(-1.5) is -1).
  return format.format(Math.sign(amount) * Math.round(Math.abs(amount)), unit);
}
