import type { InspectionReport } from '@dealership/inspection-schemas';

/** "147 passed, 3 need attention" (and ", 1 failed" when one did). */
export function reportSummary({ passed, attention, failed }: Pick<InspectionReport, 'passed' | 'attention' | 'failed'>): string {
  const parts = [`${passed} passed`];
  if (attention > 0) parts.push(`${attention} ${attention === 1 ? 'needs' : 'need'} attention`);
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.join(', ');
}

/** "15 November 2026" for a YYYY-MM-DD date, the same on the server and in the browser. */
export function reportDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const km = (value: number) => `${value.toLocaleString('en-GB')} km`;
