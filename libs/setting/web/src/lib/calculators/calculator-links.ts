export { formatKes } from '@dealership/shared-util';

/** `path` with the defined values of `query` as its query string (in the order given). */
export function sitePathOf(path: string, query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
