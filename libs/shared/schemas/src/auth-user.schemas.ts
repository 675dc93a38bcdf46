import { z } from 'zod';
import { IdSchema } from './ids.schemas';
import { Role, STAFF_ROLES } from './role';
import { text } from './text.schemas';

// Who makes a request, as the infrastructure's guards and the tRPC context know it: the signed-in
// user and their roles. The user domain owns the accounts; this is the contract both sides read.

export const RoleSchema = z.union([z.literal(Role.User), z.literal(Role.Admin)]);
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: `staffRole must be one of: ${STAFF_ROLES.join(', ')}` });

/** The signed-in user as the server resolves it on each request (the role is read from the database). */
export const AuthUserSchema = z.object({
  id: IdSchema,
  name: text(),
  email: text(),
  role: RoleSchema,
  /** A staff account's role, as stored (the session lookup reads it on every request); null or absent for a customer. */
  staffRole: StaffRoleSchema.nullable().optional(),
  /** The session (login) the request's token belongs to: what a logout ends. */
  sessionId: IdSchema.optional(),
  /**
   * A staff session that may only enrol a second factor (signed in while one is required and the
   * account has none): the back office refuses it until the account has one.
   */
  enrolmentOnly: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;
