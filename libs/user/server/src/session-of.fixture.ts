import type { AuthSession, LoginResult } from '@dealership/user-schemas';

/** A login's session, for tests of accounts without a second factor (a second step fails the test). */
export function sessionOf(result: LoginResult): AuthSession {
  if ('secondFactor' in result) throw new Error('expected a session, got the second step of a sign-in');
  return result;
}
