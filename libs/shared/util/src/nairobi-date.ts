/** Today's date in Nairobi (YYYY-MM-DD): the dealer's calendar, whatever the server's time zone. */
export function nairobiDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
