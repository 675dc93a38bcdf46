import type { AuthUser } from '@dealership/shared-schemas';

/**
 * The port through which authentication keeps sessions and finds the account a token names. The
 * user feature provides it (`UserModule`); auth never reads the tables itself.
 */
export interface AuthSessionStore {
  /**
   * The account of `userId` as the access rules need it, when its session `sessionId` still exists
   * and has not expired; undefined otherwise. Runs on every authenticated request: one query.
   */
  findAuthUser(userId: string, sessionId: string): Promise<AuthUser | undefined>;
  /** Records a new session of `userId` lasting until `expiresAt` (an enrolment-only one: `AuthUser.enrolmentOnly`); returns its id. */
  createSession(userId: string, expiresAt: Date, options?: { enrolmentOnly?: boolean }): Promise<string>;
  /** Ends one session of `userId` (logout). */
  revokeSession(userId: string, sessionId: string): Promise<void>;
  /** Ends every session of `userId` but `keepSessionId` (all of them when it is undefined). */
  revokeSessions(userId: string, keepSessionId?: string): Promise<void>;
}

/** Injection token of the `AuthSessionStore`. */
export const AUTH_SESSION_STORE = Symbol('AUTH_SESSION_STORE');
