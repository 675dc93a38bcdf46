import { type AuthUser, Role } from '@dealership/shared-schemas';

/**
 * Who may use an endpoint or procedure: anyone, any signed-in user, the staff (`admin`: the legacy
 * name of role 1; owners and sales alike), or owners only (staff, rates, site content, reports, the
 * audit log). The REST guard and the tRPC procedures apply the same rule (`accessDenial`).
 */
export const ACCESS_LEVELS = ['public', 'user', 'admin', 'owner'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** Why access is refused: not signed in (401) or signed in without the role (403). */
export type AccessDenial = 'UNAUTHORIZED' | 'FORBIDDEN';

/** The messages of both transports for each refusal. */
export const ACCESS_DENIED_MESSAGE: Record<AccessDenial, string> = {
  UNAUTHORIZED: 'Please log in',
  FORBIDDEN: 'Admin access required',
};

/** What a staff member who still has to set up two-factor sign-in reads at the back office's door. */
export const ENROL_SECOND_FACTOR_MESSAGE = 'Two-factor sign-in is required: set it up on your profile page first';

/** What a refused caller reads: a salesperson refused an owner's page is told why, and so is staff still to enrol a second factor. */
export function accessDeniedMessage(denial: AccessDenial, access: Access, user: Pick<AuthUser, 'role' | 'enrolmentOnly'> | null): string {
  if (denial === 'FORBIDDEN' && user?.role === Role.Admin && user.enrolmentOnly && access !== 'user') return ENROL_SECOND_FACTOR_MESSAGE;
  if (denial === 'FORBIDDEN' && access === 'owner' && user?.role === Role.Admin) return "Owner access required: ask the dealership's owner";
  return ACCESS_DENIED_MESSAGE[denial];
}

/** Why `user` may not use something at `access` level, or null when it may. */
export function accessDenial(user: Pick<AuthUser, 'role' | 'staffRole' | 'enrolmentOnly'> | null, access: Access): AccessDenial | null {
  if (access === 'public') return null;
  if (!user) return 'UNAUTHORIZED';
  if ((access === 'admin' || access === 'owner') && user.role !== Role.Admin) return 'FORBIDDEN';
  // Signed in while a second factor is required and the account has none: its own pages only.
  if ((access === 'admin' || access === 'owner') && user.enrolmentOnly) return 'FORBIDDEN';
  // Fails closed: only an account the session lookup read as an owner is one.
  if (access === 'owner' && user.staffRole !== 'owner') return 'FORBIDDEN';
  return null;
}
