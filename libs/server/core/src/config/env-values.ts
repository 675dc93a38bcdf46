import { z } from 'zod';

// Value parsers the settings of several concerns share.

export const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Hosts a URL may name with plain http: this machine (stub servers in tests, a local relay). */
export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * A provider's API base (`BRAINTREE_API_URL`, `MPESA_API_URL`, `AFRICASTALKING_API_URL`) as
 * `{host, port, ssl}`, or undefined when it is not a bare origin. Plain http only to this machine:
 * the requests carry credentials.
 */
export function gatewayUrl(text: string): { host: string; port: number; ssl: boolean } | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const ssl = url.protocol === 'https:';
  if ((!ssl && url.protocol !== 'http:') || url.origin !== text.replace(/\/$/, '')) return undefined;
  if (!ssl && !LOOPBACK_HOSTS.includes(url.hostname)) return undefined;
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : ssl ? 443 : 80, ssl };
}

/** A whole number of milliseconds from `min` to `max` (`maxInWords` says the longest in words). */
export const milliseconds = (min: number, max: number, maxInWords: string) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(min, { error: `must be at least ${min} ms` })
    .max(max, { error: `must be at most ${max} ms (${maxInWords})` });

/**
 * Settings that work only together (a provider's credentials): some but not all refuse to start,
 * each missing one named with `needs` (e.g. "M-Pesa payments need ... together (unset them all to take no M-Pesa)").
 */
export function requireTogether<K extends string>(env: Partial<Record<K, unknown>>, settings: readonly K[], ctx: z.RefinementCtx, needs: (set: string, all: string) => string): void {
  const set = settings.filter((key) => env[key] !== undefined);
  if (set.length === 0 || set.length === settings.length) return;
  for (const key of settings.filter((key) => env[key] === undefined)) {
    ctx.addIssue({ code: 'custom', path: [key], message: `is required with ${needs(set.join(', '), settings.join(', '))}` });
  }
}
