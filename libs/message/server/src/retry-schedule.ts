/** The first retry's delay; each next one is three times longer, up to `LONGEST_RETRY_MS`. */
export const FIRST_RETRY_MS = 15_000;
export const LONGEST_RETRY_MS = 4 * 60 * 60 * 1000;

/**
 * When to try again after the `attempts`-th failed attempt: 15 s, 45 s, 2 min 15 s, ~7 min, ~20 min,
 * ~1 h, ~3 h, then every 4 h, so a short outage of the mail or SMS provider delays messages by
 * about a minute; null once that falls after `giveUpAt` (a day after the message was written).
 */
export function nextAttemptAt(attempts: number, now: Date, giveUpAt: Date): Date | null {
  const delay = Math.min(FIRST_RETRY_MS * 3 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  const next = new Date(now.getTime() + delay);
  return next.getTime() > giveUpAt.getTime() ? null : next;
}
