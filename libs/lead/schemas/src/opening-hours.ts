/** Minutes a test drive takes: the slots people book are this long. */
export const TEST_DRIVE_SLOT_MINUTES = 30;

/** When the showroom takes test drives, in words. */
export const TEST_DRIVE_HOURS_TEXT = 'Mon-Fri 08:00-17:00 and Sat 08:00-13:00';

/** Opening and closing minutes of each weekday (0 is Sunday, closed), Nairobi time. */
const HOURS_BY_WEEKDAY: readonly (readonly [number, number] | null)[] = [null, [480, 1020], [480, 1020], [480, 1020], [480, 1020], [480, 1020], [480, 780]];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The day of the week of a calendar date (YYYY-MM-DD), 0 for Sunday; null when it is not a date. */
export function weekdayOf(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // 2026-02-31 rolls over to March: not a date.
  return day.getUTCDate() === Number(match[3]) && day.getUTCMonth() === Number(match[2]) - 1 ? day.getUTCDay() : null;
}

/**
 * The start times (HH:MM, Nairobi time) of the test-drive slots of a day: every half hour from
 * opening, the last one ending at closing (16:30 on weekdays, 12:30 on Saturdays); none on
 * Sundays or for a string that is not a date. `after` (HH:MM) leaves out the slots that start
 * at or before it, for today.
 */
export function openingSlots(date: string, after?: string): string[] {
  const weekday = weekdayOf(date);
  const hours = weekday === null ? null : HOURS_BY_WEEKDAY[weekday];
  if (!hours) return [];
  const slots: string[] = [];
  for (let start = hours[0]; start + TEST_DRIVE_SLOT_MINUTES <= hours[1]; start += TEST_DRIVE_SLOT_MINUTES) slots.push(toTime(start));
  return after === undefined ? slots : slots.filter((slot) => slot > after);
}

/** Why a test-drive slot cannot be booked, or null when it can. `today` and `now` are Nairobi's (YYYY-MM-DD, HH:MM). */
export function slotProblem(date: string, time: string, today: string, now: string): 'sunday' | 'not-a-time' | 'off-slot' | 'outside-hours' | 'passed' | null {
  if (weekdayOf(date) === 0) return 'sunday';
  const match = TIME.exec(time);
  if (!match) return 'not-a-time';
  const slots = openingSlots(date);
  if (!slots.includes(time)) {
    const minutes = Number(match[1]) * 60 + Number(match[2]);
    return minutes % TEST_DRIVE_SLOT_MINUTES === 0 || slots.length === 0 || time < slots[0] || time > slots[slots.length - 1] ? 'outside-hours' : 'off-slot';
  }
  return date === today && time <= now ? 'passed' : null;
}

/** The time of day in Nairobi (HH:MM). */
export function nairobiTime(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Nairobi keeps UTC+3 all year (no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
/** A lead that arrives this close to closing is called back at the next opening. */
const CALL_BACK_MINUTES = 30;

/**
 * When the buyer will hear from a salesperson, in words for their acknowledgement: "within 30
 * minutes" during opening hours, otherwise the next opening ("tomorrow at 08:00", "on Monday at
 * 08:00"), Nairobi time.
 */
export function callBackTime(now: Date = new Date()): string {
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const weekday = local.getUTCDay();
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const today = HOURS_BY_WEEKDAY[weekday];
  if (today && minutes >= today[0] && minutes + CALL_BACK_MINUTES <= today[1]) return `within ${CALL_BACK_MINUTES} minutes`;
  if (today && minutes < today[0]) return `today at ${toTime(today[0])}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = (weekday + ahead) % 7;
    const hours = HOURS_BY_WEEKDAY[day];
    if (hours) return `${ahead === 1 ? 'tomorrow' : `on ${WEEKDAY_NAMES[day]}`} at ${toTime(hours[0])}`;
  }
  return 'soon';
}

/**
 * The minutes of opening hours between two moments (Nairobi time): how long a lead has waited as
 * the staff count it (a lead sent on Saturday evening has waited nothing until Monday 08:00).
 */
export function openMinutesBetween(from: Date, to: Date): number {
  if (to <= from) return 0;
  const DAY = 86_400_000;
  const start = from.getTime() + NAIROBI_OFFSET_MS;
  const end = to.getTime() + NAIROBI_OFFSET_MS;
  let total = 0;
  // Day by day (local midnight to midnight), at most 62 days: older leads are long overdue anyway.
  for (let day = Math.floor(start / DAY) * DAY, n = 0; day < end && n < 62; day += DAY, n++) {
    const hours = HOURS_BY_WEEKDAY[new Date(day).getUTCDay()];
    if (!hours) continue;
    const open = Math.max(start, day + hours[0] * 60_000);
    const close = Math.min(end, day + hours[1] * 60_000);
    if (close > open) total += (close - open) / 60_000;
  }
  return Math.floor(total);
}
