import { z } from 'zod';
import { accountsConfig, type AccountsConfig, accountsEnv, checkAccounts } from './accounts.env';
import { mediaConfig, type MediaConfig, mediaEnv } from './media.env';
import { checkMessaging, messagingConfig, type MessagingConfig, messagingEnv } from './messaging.env';
import { checkPayments, paymentsConfig, type PaymentsConfig, paymentsEnv } from './payments.env';
import { serverConfig, type ServerConfig, serverEnv } from './server.env';

// The one place that reads process.env (house style, principle 4). Everything else receives AppConfig.
// Each concern's settings, checks and configuration are in its own file beside this one.

export type { AccountsConfig } from './accounts.env';
export type { MediaConfig } from './media.env';
export type { MessagingConfig, WhatsAppConfig } from './messaging.env';
export type { BraintreeConfig, MpesaConfig, PaymentsConfig } from './payments.env';
export type { ServerConfig } from './server.env';

/** Every variable the server reads, with its check and default; `.env.example` lists each one (env-example.spec.ts). */
export const EnvSchema = z.object({ ...serverEnv, ...accountsEnv, ...mediaEnv, ...paymentsEnv, ...messagingEnv }).superRefine((env, ctx) => {
  checkAccounts(env, ctx);
  // With a database server, instances may run side by side: what the embedded default keeps in
  // DATA_DIR (a generated secret, uploaded images) would differ from one instance to the next.
  if (env.DATABASE_URL) {
    if (!env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message:
          'is required with DATABASE_URL, the same on every instance (tokens signed by one are checked by the others): set it to a random value, e.g. JWT_SECRET="$(openssl rand -base64 48)"',
      });
    }
    if (!env.MEDIA_DIR && !env.CLOUDINARY_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_DIR'],
        message:
          'is required with DATABASE_URL unless CLOUDINARY_URL is set: a folder every instance shares for uploaded images (e.g. MEDIA_DIR=/srv/dealership/media), or CLOUDINARY_URL=cloudinary://key:secret@cloud',
      });
    }
  }
  checkMessaging(env, ctx);
  checkPayments(env, ctx);
});

/** The validated configuration every part of the server reads. */
export type AppConfig = ServerConfig & AccountsConfig & MediaConfig & PaymentsConfig & { messaging: MessagingConfig };

/** Thrown at boot when the environment is invalid; the message names each bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment (empty values count as unset) and derives the app's configuration. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  const server = serverConfig(e, cwd);
  return { ...server, ...accountsConfig(e), ...mediaConfig(e, cwd, server.dataDir), ...paymentsConfig(e), ...messagingConfig(e) };
}
