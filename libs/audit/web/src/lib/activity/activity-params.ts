import { AUDIT_CATEGORIES, AUDIT_ENTITIES, AUDIT_OUTCOMES, type AuditCategory, type AuditEntity, type AuditOutcome } from '@dealership/audit-schemas';

/** The activity screen's state in the URL: `?entity=car&category=security&outcome=failure&page=2`. */
export interface ActivityParams {
  entity: AuditEntity | undefined;
  /** Admin writes to records, or security events (sign-ins, throttle trips, staff changes). */
  category?: AuditCategory;
  outcome?: AuditOutcome;
  page: number;
}

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): T | undefined =>
    values.find((known) => known === value);

/** Reads the filters and page from a query string; unknown values fall back to all events, page 1. */
export function readActivityParams(params: URLSearchParams): ActivityParams {
  const page = Number(params.get('page'));
  return {
    entity: oneOf(AUDIT_ENTITIES)(params.get('entity')),
    category: oneOf(AUDIT_CATEGORIES)(params.get('category')),
    outcome: oneOf(AUDIT_OUTCOMES)(params.get('outcome')),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string with one select filter set (or cleared when `value` is empty), back at page 1. */
export function withFilter(current: URLSearchParams, param: 'category' | 'outcome', value: string): URLSearchParams {
  const params = new URLSearchParams(current);
  if (value) params.set(param, value);
  else params.delete(param);
  params.delete('page');
  return params;
}

/** The query string of `next`, keeping other parameters; defaults are left out of the URL. */
export function writeActivityParams(current: URLSearchParams, next: ActivityParams): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of ['entity', 'category', 'outcome'] as const) {
    const value = next[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  if (next.page > 1) params.set('page', String(next.page));
  else params.delete('page');
  return params;
}
