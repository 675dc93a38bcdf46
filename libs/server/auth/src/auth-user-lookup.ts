import type { AuthUser } from '@dealership/user-schemas';

/**
 * The port through which authentication finds the account a token names. The user feature
 * provides it (`UserModule`); auth never reads the users table itself.
 */
export interface AuthUserLookup {
  /** The account with this id as the access rules need it, or undefined when there is none. */
  findAuthUser(id: string): Promise<AuthUser | undefined>;
}

/** Injection token of the `AuthUserLookup`. */
export const AUTH_USER_LOOKUP = Symbol('AUTH_USER_LOOKUP');
