// The content contract's constants, without zod: the public pages import these (and the hours in
// words) and must not load the schemas.

/** The days of the week in the order the site lists them (Monday first). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Each day's name as the site writes it. */
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** Longest FAQ question and answer, and most entries. */
export const FAQ_QUESTION_MAX_LENGTH = 300;
export const FAQ_ANSWER_MAX_LENGTH = 3000;
export const FAQ_MAX_ENTRIES = 30;
/** Longest address. */
export const ADDRESS_MAX_LENGTH = 300;
