import type { FastifyRequest } from 'fastify';

/** The longest page path kept (a lead's source page). */
const MAX_PAGE_PATH = 200;

/**
 * The path of this site's page a request was sent from, as the browser's `Referer` says: the
 * pages' Referrer-Policy (strict-origin-when-cross-origin, security-headers.ts) sends the full
 * address to the same origin, so a form's request names its page at no cost to the page's code.
 * Undefined when there is no Referer, it is another site's, or it is not an address. The query and
 * hash are dropped (a search box's words are the buyer's own).
 */
export function sourcePageOf(request: Pick<FastifyRequest, 'headers' | 'host'>): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.host !== request.host) return undefined;
    return url.pathname.slice(0, MAX_PAGE_PATH);
  } catch {
    return undefined;
  }
}

/** The request's `User-Agent` (at most 500 characters), or undefined. */
export function userAgentOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  return request.headers['user-agent']?.slice(0, 500);
}
