import { Role } from '@dealership/shared-schemas';
import { type AuthSession, type User } from '@dealership/user-schemas';
import { isRecord, stringField } from '../storage/records';

// A hand-written check, not a zod schema: this runs in the entry chunk of every page, and any zod
// there shares zod's core with the sign-in forms' full zod, about 14 kB of gzipped JavaScript.
// The type of the result is the schema's `AuthSession`; only the check is written by hand.

function isRole(value: unknown): value is User['role'] {
  return value === Role.User || value === Role.Admin;
}

/**
 * Stored JSON as a session, or null when it is not one. Sessions stored before the contract rename
 * name the user's id `_id`; they convert. The user keeps the fields of `User` only; one stored
 * before `emailVerified` existed counts as unverified until the dashboard reads the account again.
 */
export function toAuthSession(data: unknown): AuthSession | null {
  if (!isRecord(data) || typeof data['token'] !== 'string' || data['token'].length === 0) return null;
  const user = data['user'];
  if (!isRecord(user) || !isRole(user['role'])) return null;
  const id = stringField(user, 'id', '_id');
  const { name, email, phone, address } = user;
  if (id === undefined || typeof name !== 'string' || typeof email !== 'string' || typeof phone !== 'string' || typeof address !== 'string') {
    return null;
  }
  // A staff account stored before roles existed counts as an owner here; the server decides on every call.
  const staffRole = user['role'] === Role.Admin ? (user['staffRole'] === 'sales' ? 'sales' : 'owner') : null;
  return { user: { id, name, email, phone, address, role: user['role'], staffRole, emailVerified: user['emailVerified'] === true }, token: data['token'] };
}
