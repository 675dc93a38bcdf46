import { DEFAULT_OPENING_HOURS, minutesByWeekday, type OpeningHours, openingHoursText } from '@dealership/content-schemas';

/** Minutes a test drive takes: the slots people book are this long. */
export const TEST_DRIVE_SLOT_MINUTES = 30;

/** When the showroom takes test drives by default, in words: 'Mon-Fri 08:00-17:00 and Sat 08:00-13:00'. */
export const TEST_DRIVE_HOURS_TEXT = openingHoursText(DEFAULT_OPENING_HOURS);

/**
 * Opening and closing minutes of each weekday (0 is Sunday), null when closed, Nairobi time: the
 * hours the staff keep (content domain), the defaults where none are given. One table per hours
 * object (the content is read once and frozen, so its hours are the same object until they change).
 */
const tables = new WeakMap<OpeningHours, readonly ([number, number] | null)[]>();
function byWeekday(hours: OpeningHours): readonly ([number, number] | null)[] {
  let table = tables.get(hours);
  if (!table) tables.set(hours, (table = minutesByWeekday(hours)));
  return table;
}

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
 * opening, the last one ending at closing (by default 16:30 on weekdays, 12:30 on Saturdays); none
 * on a closed day (Sundays by default) or for a string that is not a date. `after` (HH:MM) leaves
 * out the slots that start at or before it, for today.
 */
export function openingSlots(date: string, after?: string, openingHours: OpeningHours = DEFAULT_OPENING_HOURS): string[] {
  const weekday = weekdayOf(date);
  const hours = weekday === null ? null : byWeekday(openingHours)[weekday];
  if (!hours) return [];
  const slots: string[] = [];
  // From the first half hour at or after opening.
  const first = Math.ceil(hours[0] / TEST_DRIVE_SLOT_MINUTES) * TEST_DRIVE_SLOT_MINUTES;
  for (let start = first; start + TEST_DRIVE_SLOT_MINUTES <= hours[1]; start += TEST_DRIVE_SLOT_MINUTES) slots.push(toTime(start));
  return after === undefined ? slots : slots.filter((slot) => slot > after);
}

/** Why a test-drive slot cannot be booked, or null when it can. `today` and `now` are Nairobi's (YYYY-MM-DD, HH:MM). */
export function slotProblem(
  date: string,
  time: string,
  today: string,
  now: string,
  openingHours: OpeningHours = DEFAULT_OPENING_HOURS,
): 'closed-day' | 'not-a-time' | 'off-slot' | 'outside-hours' | 'passed' | null {
  const weekday = weekdayOf(date);
  if (weekday !== null && byWeekday(openingHours)[weekday] === null) return 'closed-day';
  const match = TIME.exec(time);
  if (!match) return 'not-a-time';
  const slots = openingSlots(date, undefined, openingHours);
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

/** The name of each JavaScript weekday (0 is Sunday). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Nairobi keeps UTC+3 all year (no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
/** A lead that arrives this close to closing is called back at the next opening. */
const CALL_BACK_MINUTES = 30;

/**
 * When the buyer will hear from a salesperson, in words for their acknowledgement: "within 30
 * minutes" during opening hours, otherwise the next opening ("tomorrow at 08:00", "on Monday at
 * 08:00"), Nairobi time.
 */
export function callBackTime(now: Date = new Date(), openingHours: OpeningHours = DEFAULT_OPENING_HOURS): string {
  const table = byWeekday(openingHours);
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const weekday = local.getUTCDay();
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const today = table[weekday];
  if (today && minutes >= today[0] && minutes + CALL_BACK_MINUTES <= today[1]) return `within ${CALL_BACK_MINUTES} minutes`;
  if (today && minutes < today[0]) return `today at ${toTime(today[0])}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = (weekday + ahead) % 7;
    const hours = table[day];
    if (hours) return `${ahead === 1 ? 'tomorrow' : `on ${WEEKDAY_NAMES[day]}`} at ${toTime(hours[0])}`;
  }
  return 'soon';
}

