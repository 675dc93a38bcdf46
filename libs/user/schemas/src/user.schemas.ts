import { IdSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Role values as the legacy site stored them: 1 is an admin, anything else a customer. */
export const Role = { User: 0, Admin: 1 } as const;
export const RoleSchema = z.union([z.literal(Role.User), z.literal(Role.Admin)]);
export type Role = z.infer<typeof RoleSchema>;

/** A user as the API returns it: never a password or hash. */
export const UserSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

/** Shortest password accepted (the legacy site had no rule). */
export const PASSWORD_MIN_LENGTH = 8;
