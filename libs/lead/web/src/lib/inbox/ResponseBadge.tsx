import { openMinutesBetween } from '@dealership/content-schemas';
import { LEAD_RESPONSE_LATE_MINUTES, LEAD_RESPONSE_WARN_MINUTES, type Lead } from '@dealership/lead-schemas';
import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Minutes as people say them: "7 min", "2 h 5 min". */
export function minutesInWords(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export type ResponseLevel = 'ok' | 'warn' | 'late';

/** What the inbox says of a lead's response time: null when there is nothing to say (answered without a first response on record). */
export function responseTime(lead: Pick<Lead, 'status' | 'createdAt' | 'firstResponseAt'>, now: Date): { text: string; level: ResponseLevel } | null {
  const created = new Date(lead.createdAt);
  if (lead.firstResponseAt) {
    const minutes = openMinutesBetween(created, new Date(lead.firstResponseAt));
    return { text: `First response in ${minutesInWords(minutes)}`, level: 'ok' };
  }
  if (lead.status !== 'New') return null;
  // Counted in opening hours: a lead sent on Sunday night has not waited until Monday 08:00.
  const minutes = openMinutesBetween(created, now);
  const level: ResponseLevel = minutes >= LEAD_RESPONSE_LATE_MINUTES ? 'late' : minutes >= LEAD_RESPONSE_WARN_MINUTES ? 'warn' : 'ok';
  return { text: `Waiting ${minutesInWords(minutes)}`, level };
}

// Shades that keep the text readable (WCAG AA): dark text on amber.4, white on red.9.
const LEVEL_COLORS: Record<ResponseLevel, string> = { ok: 'gray', warn: 'amber.4', late: 'red.9' };

/**
 * The current time, again every `everyMs`: a clock in the staff member's browser so the waiting
 * badges age on screen (no periodic job: nothing is written; the owners' late alert is `lead.watch`).
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * How long a New lead has waited for its first call or message, in opening hours (amber from
 * LEAD_RESPONSE_WARN_MINUTES, red from LEAD_RESPONSE_LATE_MINUTES, always in words), or how fast
 * it was answered.
 */
export function ResponseBadge({ lead, now }: { lead: Pick<Lead, 'status' | 'createdAt' | 'firstResponseAt'>; now: Date }) {
  const response = responseTime(lead, now);
  if (!response) return null;
  const answered = lead.firstResponseAt !== null;
  return (
    <Badge
      variant={answered ? 'light' : 'filled'}
      color={answered ? 'teal' : LEVEL_COLORS[response.level]}
      data-level={answered ? 'answered' : response.level}
      title={answered ? 'Time to the first call, message or "Contacted", in opening hours' : 'Time waited for a first call or message, in opening hours'}
      tt="none"
    >
      {response.text}
    </Badge>
  );
}
