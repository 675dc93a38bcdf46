import { type AuthUser, Role } from '@dealership/user-schemas';

/**
 * Who may use an endpoint or procedure: anyone, any signed-in user, or admins only. The REST
 * guard and the tRPC procedures apply the same rule (`accessDenial`).
 */
export const ACCESS_LEVELS = ['public', 'user', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** Why access is refused: not signed in (401) or signed in without the role (403). */
export type AccessDenial = 'UNAUTHORIZED' | 'FORBIDDEN';

/** The messages of both transports for each refusal. */
export const ACCESS_DENIED_MESSAGE: Record<AccessDenial, string> = {
  UNAUTHORIZED: 'Please log in',
  FORBIDDEN: 'Admin access required',
};

/** Why `user` may not use something at `access` level, or null when it may. */
export function accessDenial(user: Pick<AuthUser, 'role'> | null, access: Access): AccessDenial | null {
  if (access === 'public') return null;
  if (!user) return 'UNAUTHORIZED';
  if (access === 'admin' && user.role !== Role.Admin) return 'FORBIDDEN';
  return null;
}
