// Made once: a formatter costs far more to build than to use (a car page view asks for the date).
const NAIROBI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The last date formatted and the minute it holds for: every time zone's day starts on a whole
 * minute, so one minute has one date. Formatting was 4.5% of the server's time answering
 * `car.bySlug` under load (each page view asks for the day); a comparison is nothing.
 */
let lastMinute = { start: Number.NaN, date: '' };

/** Today's date in Nairobi (YYYY-MM-DD): the dealer's calendar, whatever the server's time zone. */
export function nairobiDate(now: Date = new Date()): string {
  const start = Math.floor(now.getTime() / 60_000) * 60_000;
  if (start !== lastMinute.start) lastMinute = { start, date: NAIROBI_DATE.format(now) };
  return lastMinute.date;
}

/**
 * `YYYYMMDDHHmmss` in Nairobi time: the timestamp M-Pesa's Daraja API takes and sends
 * (`Timestamp`, `TransactionDate`), whatever the server's time zone.
 */
export function nairobiTimestamp(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}
