import { sitePath } from '@dealership/shared-schemas';

/** Query parameter that carries the protected page a visitor was sent away from. */
export const REDIRECT_PARAM = 'redirect';

const AUTH_PAGES = [sitePath('login'), sitePath('register')];

/**
 * The in-site path to return to after login, or `/`. Only same-site absolute paths pass: the value
 * comes from the URL, so anything else (`//evil.example`, `https://...`, `/\evil`) would be an open
 * redirect. The login and register pages themselves are never a target.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  const pathname = raw.split(/[?#]/, 1)[0];
  if (AUTH_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`))) return '/';
  return raw;
}

/** `/login` (or another auth page) carrying `target` to come back to. */
export function withRedirect(page: string, target: string | null | undefined): string {
  const safe = safeRedirectTarget(target);
  return safe === '/' ? page : `${page}?${new URLSearchParams({ [REDIRECT_PARAM]: safe }).toString()}`;
}
