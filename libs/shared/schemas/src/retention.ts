/**
 * How long the dealer keeps personal data: the periods the privacy policy page states and the
 * daily retention job (libs/user/server, retention.service.ts) enforces, from this one place so
 * the page can never promise what the code does not do.
 */
export const RETENTION = {
  /** A buyer's request (lead) that did not lead to a sale: months after the last contact (its latest update or timeline entry). */
  leadMonths: 24,
  /** Orders, and requests that led to a sale (status Won): years after the sale, as the Tax Procedures Act requires. */
  saleYears: 5,
  /** Emails and SMS we sent (recipient and text): days after they were written. */
  messageDays: 90,
  /** The staff's activity log (who changed what, sign-ins): months. */
  activityLogMonths: 12,
} as const;

/** `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

/** `days` days before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}
