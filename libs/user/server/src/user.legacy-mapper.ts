import type { User } from '@dealership/user-schemas';
import { z } from 'zod';

/** A user in the legacy REST shape (login's `user`, profile update's `updatedUser`): never a password. */
export const LegacyUserSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: z.number(),
});
export type LegacyUser = z.infer<typeof LegacyUserSchema>;

export function toLegacyUser(user: User): LegacyUser {
  return { _id: user.id, name: user.name, email: user.email, phone: user.phone, address: user.address, role: user.role };
}
