import { LEAD_AGES, LEAD_KINDS, LEAD_STATUSES, type LeadAge, type LeadKind, type LeadStatus } from '@dealership/lead-schemas';
import { IdSchema } from '@dealership/shared-schemas';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const isKind = (value: string | null): value is LeadKind => (LEAD_KINDS as readonly string[]).includes(value ?? '');
export const isStatus = (value: string | null): value is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(value ?? '');
export const isAge = (value: string | null): value is LeadAge => (LEAD_AGES as readonly string[]).includes(value ?? '');
/** A staff id, `pool` (nobody's) or `mine` (the caller's). */
export const isAssignee = (value: string | null): value is string => value === 'pool' || value === 'mine' || IdSchema.safeParse(value).success;

/** The inbox's filters and page as the URL holds them. */
export interface LeadParams {
  kind?: LeadKind;
  status?: LeadStatus;
  assignee?: string;
  age?: LeadAge;
  search?: string;
  page: number;
}

// The URL's keys, in the order they are written.
const KEYS = ['search', 'assignee', 'kind', 'status', 'age'] as const;

function readParams(searchParams: URLSearchParams): LeadParams {
  const kind = searchParams.get('kind');
  const status = searchParams.get('status');
  const assignee = searchParams.get('assignee');
  const age = searchParams.get('age');
  const search = searchParams.get('search')?.trim();
  const page = Number(searchParams.get('page'));
  return {
    kind: isKind(kind) ? kind : undefined,
    status: isStatus(status) ? status : undefined,
    assignee: isAssignee(assignee) ? assignee : undefined,
    age: isAge(age) ? age : undefined,
    search: search ? search.slice(0, 100) : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The inbox's filters, search and page, kept in the URL
 * (`?search=&assignee=&kind=&status=&age=&page=`), and the lead a staff alert links to (`?lead=`).
 * A change of filter goes back to the first page.
 */
export function useLeadParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const openedLead = searchParams.get('lead');
  // Built from the URL at the time of the change: a debounced search must not undo a filter chosen meanwhile.
  const update = useCallback(
    (change: Partial<LeadParams>) =>
      setSearchParams((previous) => {
        const next: LeadParams = { ...readParams(previous), page: 1, ...change };
        const entries: [string, string][] = [];
        for (const key of KEYS) {
          const value = next[key];
          if (value) entries.push([key, value]);
        }
        if (next.page > 1) entries.push(['page', String(next.page)]);
        return new URLSearchParams(entries);
      }),
    [setSearchParams],
  );
  const filtered = KEYS.some((key) => params[key] !== undefined);
  return { params, update, openedLead, filtered };
}
