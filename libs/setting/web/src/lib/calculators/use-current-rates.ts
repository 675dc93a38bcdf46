import { type QueryResult, type RouterOutputs, trpc } from '@dealership/web-trpc-client';

/** The rate set in force today (setting.current): rates change a few times a year, so it is fetched once per visit. */
export function useCurrentRates(): QueryResult<RouterOutputs['setting']['current']> {
  return trpc.setting.current.useQuery(undefined, { staleTime: 60 * 60 * 1000 });
}

/** "1 November 2026" for a YYYY-MM-DD date. */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-KE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
