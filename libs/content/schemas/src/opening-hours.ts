import { WEEKDAYS, type Weekday } from './content.constants';
import type { OpeningHours } from './content.schemas';
import { DEFAULT_OPENING_HOURS, FOOTER_OPENING_HOURS } from './site-content.defaults';


const SHORT: Record<Weekday, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

/** Days in a row (Monday first) open at the same times. */
export interface HoursGroup {
  days: Weekday[];
  open: string;
  close: string;
}

/** The open days grouped into runs with the same hours, Monday first: Mon-Fri 08:00-17:00, Sat 08:00-13:00. */
export function hoursGroups(hours: OpeningHours): HoursGroup[] {
  const groups: HoursGroup[] = [];
  let previous: Weekday | undefined;
  for (const day of WEEKDAYS) {
    const { closed, open, close } = hours[day];
    const last = groups[groups.length - 1];
    if (!closed && last && previous && last.days[last.days.length - 1] === previous && last.open === open && last.close === close) last.days.push(day);
    else if (!closed) groups.push({ days: [day], open, close });
    previous = day;
  }
  return groups;
}

export const dayRange = (days: Weekday[], names: Record<Weekday, string>) => (days.length === 1 ? names[days[0]] : `${names[days[0]]}-${names[days[days.length - 1]]}`);

/** Whether the hours are the defaults, which the footer and the home page state in the spec's own words. */
export function isDefaultOpeningHours(hours: OpeningHours): boolean {
  return WEEKDAYS.every((day) => {
    const a = hours[day];
    const b = DEFAULT_OPENING_HOURS[day];
    return a.closed === b.closed && (a.closed || (a.open === b.open && a.close === b.close));
  });
}

/** The hours in words: "Mon-Fri 08:00-17:00 and Sat 08:00-13:00"; "Closed" when no day is open. */
export function openingHoursText(hours: OpeningHours): string {
  const parts = hoursGroups(hours).map((group) => `${dayRange(group.days, SHORT)} ${group.open}-${group.close}`);
  if (parts.length === 0) return 'Closed';
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The footer's line: the spec's "Mon-Sat 8:00 AM to 6:00 PM" for the default hours, else the hours as they are. */
export function footerOpeningHoursText(hours: OpeningHours): string {
  return isDefaultOpeningHours(hours) ? FOOTER_OPENING_HOURS : openingHoursText(hours);
}

/** The hours in words as `content.current` carries them (the pages show them without this code). */
export function hoursInWords(hours: OpeningHours): { hoursText: string; footerHoursText: string } {
  return { hoursText: openingHoursText(hours), footerHoursText: footerOpeningHoursText(hours) };
}
