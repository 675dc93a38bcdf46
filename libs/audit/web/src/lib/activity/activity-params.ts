import { AUDIT_ENTITIES, type AuditEntity } from '@dealership/audit-schemas';

/** The activity screen's state in the URL: `?entity=car&page=2`. */
export interface ActivityParams {
  entity: AuditEntity | undefined;
  page: number;
}

const isEntity = (value: string | null): value is AuditEntity => AUDIT_ENTITIES.some((entity) => entity === value);

/** Reads the filter and page from a query string; unknown values fall back to all events, page 1. */
export function readActivityParams(params: URLSearchParams): ActivityParams {
  const entity = params.get('entity');
  const page = Number(params.get('page'));
  return {
    entity: isEntity(entity) ? entity : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string of `next`, keeping other parameters; defaults are left out of the URL. */
export function writeActivityParams(current: URLSearchParams, next: ActivityParams): URLSearchParams {
  const params = new URLSearchParams(current);
  if (next.entity) params.set('entity', next.entity);
  else params.delete('entity');
  if (next.page > 1) params.set('page', String(next.page));
  else params.delete('page');
  return params;
}
