import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { booleanish } from './env-values';

// The owner's account made at start, and the sign-in tokens.

export const accountsEnv = {
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: 'must be at least 8 characters' })
    // The owner's account signs in from the internet: a password from attackers' lists is refused as the users' are.
    .refine((v) => !isCommonPassword(v), { error: 'is too common (attackers try it first): choose a longer one of your own, such as a few unrelated words' })
    .optional(),
  ADMIN_NAME: z.string().min(1).default('Admin'),
  /** Apply ADMIN_PASSWORD (and the owner role) to an existing account on this start: a reset, once. */
  ADMIN_PASSWORD_RESET: booleanish.default(false),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** Secrets JWT_SECRET replaced, comma-separated: what they signed or encrypted still verifies and decrypts. */
  JWT_SECRET_PREVIOUS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((secret) => secret.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(32, { error: 'must list secrets of at least 32 characters each' }))),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, { error: 'must be a duration such as 15m, 12h or 7d' })
    .default('7d'),
};

/** The values of these settings once checked. */
type AccountsEnv = z.output<z.ZodObject<typeof accountsEnv>>;

/** Production needs the admin account; its two variables come together. */
export function checkAccounts(env: AccountsEnv & { NODE_ENV: string }, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production') {
    for (const key of ['ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production (the admin account is created from it)' });
    }
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
      message: 'must be set together with the other ADMIN_ variable',
    });
  }
}

export interface AccountsConfig {
  /** `reset`: apply the password and role to an existing account (`ADMIN_PASSWORD_RESET`); otherwise only a new account takes them. */
  admin?: { email: string; password: string; name: string; reset: boolean };
  jwt: { secret?: string; previousSecrets: string[]; expiresIn: string };
}

export function accountsConfig(e: AccountsEnv): AccountsConfig {
  return {
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME, reset: e.ADMIN_PASSWORD_RESET } : undefined,
    jwt: { secret: e.JWT_SECRET, previousSecrets: e.JWT_SECRET_PREVIOUS, expiresIn: e.JWT_EXPIRES_IN },
  };
}
