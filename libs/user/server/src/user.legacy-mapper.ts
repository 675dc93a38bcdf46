import type { User } from '@dealership/user-schemas';
import { z } from 'zod';

/** A user in the legacy REST shape (login's `user`, profile update's `updatedUser`): never a password. */
export const LegacyUserSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    role: z.number().meta({ description: '1 for admins, 0 otherwise.' }),
  })
  .meta({ id: 'LegacyUser', description: 'A user as the legacy API returns one: never a password or hash.' });
export type LegacyUser = z.infer<typeof LegacyUserSchema>;

// The answers of the `/api/user/...` account routes (the REST document describes them with these).

/** `login`: the user and the token to send as `Authorization` (bare or `Bearer`). */
export const LegacyLoginResponseSchema = z.strictObject({ success: z.literal(true), message: z.string(), user: LegacyUserSchema, token: z.string() });
/** `profileUpdate`: the user as updated. */
export const LegacyProfileUpdateResponseSchema = z.strictObject({ success: z.literal(true), message: z.string(), updatedUser: LegacyUserSchema });
/** `user-auth` and `admin-auth`: the gates of the user area and the back office. */
export const LegacyAuthCheckSchema = z.strictObject({ ok: z.boolean() }).meta({ id: 'LegacyAuthCheck' });

export function toLegacyUser(user: User): LegacyUser {
  return { _id: user.id, name: user.name, email: user.email, phone: user.phone, address: user.address, role: user.role };
}
