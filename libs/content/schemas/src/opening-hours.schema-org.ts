import { WEEKDAY_LABELS, type Weekday } from './content.constants';
import type { OpeningHours } from './content.schemas';
import { dayRange, hoursGroups, isDefaultOpeningHours } from './opening-hours';
import { DEFAULT_OPENING_HOURS } from './site-content.defaults';

// The hours as schema.org and the test-drive slots read them: apart from the footer's words, which
// every page's first JavaScript carries.

/** Spec §1's home structured-data reading of the default hours (08:00 to 17:00), kept as given while the hours are the defaults. */
export const HOME_OPENING_HOURS = 'Mo-Sa 08:00-17:00';

const SCHEMA_ORG: Record<Weekday, string> = { monday: 'Mo', tuesday: 'Tu', wednesday: 'We', thursday: 'Th', friday: 'Fr', saturday: 'Sa', sunday: 'Su' };

/** schema.org `openingHours` for the home page: the spec's "Mo-Sa 08:00-17:00" for the defaults, else one entry per run of days. */
export function homeOpeningHoursJsonLd(hours: OpeningHours): string | string[] {
  return isDefaultOpeningHours(hours) ? HOME_OPENING_HOURS : hoursGroups(hours).map((group) => `${dayRange(group.days, SCHEMA_ORG)} ${group.open}-${group.close}`);
}

/** schema.org `openingHoursSpecification` (the about page's): one per run of days with the same hours. */
export function openingHoursSpecification(hours: OpeningHours): { '@type': 'OpeningHoursSpecification'; dayOfWeek: string[]; opens: string; closes: string }[] {
  return hoursGroups(hours).map((group) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: group.days.map((day) => WEEKDAY_LABELS[day]),
    opens: group.open,
    closes: group.close,
  }));
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Opening and closing minutes by JavaScript weekday (0 is Sunday), null for a closed day: what the test-drive slots are cut from. */
export function minutesByWeekday(hours: OpeningHours): ([number, number] | null)[] {
  const jsOrder: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  return jsOrder.map((day) => (hours[day].closed ? null : [minutes(hours[day].open), minutes(hours[day].close)]));
}

/** Nairobi keeps UTC+3 all year (no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/**
 * The minutes of opening hours between two moments (Nairobi time): how long a lead or an order
 * has waited as the staff count it (one sent on Saturday evening has waited nothing until Monday
 * 08:00).
 */
export function openMinutesBetween(from: Date, to: Date, openingHours: OpeningHours = DEFAULT_OPENING_HOURS): number {
  if (to <= from) return 0;
  const table = minutesByWeekday(openingHours);
  const start = from.getTime() + NAIROBI_OFFSET_MS;
  const end = to.getTime() + NAIROBI_OFFSET_MS;
  let total = 0;
  // Day by day (local midnight to midnight), at most 62 days: older ones are long overdue anyway.
  for (let day = Math.floor(start / DAY_MS) * DAY_MS, n = 0; day < end && n < 62; day += DAY_MS, n++) {
    const hours = table[new Date(day).getUTCDay()];
    if (!hours) continue;
    const open = Math.max(start, day + hours[0] * 60_000);
    const close = Math.min(end, day + hours[1] * 60_000);
    if (close > open) total += (close - open) / 60_000;
  }
  return Math.floor(total);
}

/** The opening minutes of the longest day of the week: "one working day" as the staff's promises count it (540 for 08:00-17:00). */
export function workingDayMinutes(openingHours: OpeningHours = DEFAULT_OPENING_HOURS): number {
  return Math.max(0, ...minutesByWeekday(openingHours).map((hours) => (hours ? hours[1] - hours[0] : 0)));
}
