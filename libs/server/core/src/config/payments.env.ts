import { z } from 'zod';
import { gatewayUrl, LOOPBACK_HOSTS, milliseconds, requireTogether } from './env-values';

// Payments: card payments through Braintree, deposits by M-Pesa Express (Daraja). Each is on only
// with all its credentials; some but not all refuse to start.

// Braintree merchant and merchant account ids: letters, digits, `_` and `-` (they go into URL paths).
const braintreeId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be an id from the Braintree control panel (letters, digits, _ and -)' });

/**
 * The base URL Daraja calls back: https (plain http only to a loopback host, for tests), no query or
 * fragment; kept without a trailing slash.
 */
function callbackBase(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname))) return undefined;
  if (url.search || url.hash || url.username || url.password) return undefined;
  return url.href.replace(/\/$/, '');
}

export const paymentsEnv = {
  // Braintree: all three credentials turn card payments on, none leaves them off (reservations only).
  BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
  BRAINTREE_MERCHANT_ID: braintreeId.optional(),
  BRAINTREE_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[^\s:]+$/, { error: 'must be the public key from the Braintree control panel (no spaces or colons)' })
    .optional(),
  // A secret: its messages never repeat the value.
  BRAINTREE_PRIVATE_KEY: z.string().trim().regex(/^\S+$/, { error: 'must be the private key from the Braintree control panel (no spaces)' }).optional(),
  BRAINTREE_MERCHANT_ACCOUNT_ID: braintreeId.optional(),
  BRAINTREE_API_URL: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const url = gatewayUrl(v);
      if (!url)
        ctx.addIssue({
          code: 'custom',
          message: 'must be a URL such as http://127.0.0.1:4010 (scheme, host and port only), https unless the host is loopback',
        });
      return url ?? z.NEVER;
    })
    .optional(),
  BRAINTREE_TIMEOUT_MS: milliseconds(1000, 120_000, '2 minutes').default(20_000),
  // M-Pesa Express (Daraja): all of key, secret, shortcode, passkey and callback URL, or none.
  MPESA_ENVIRONMENT: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
  MPESA_CONSUMER_KEY: z.string().trim().regex(/^\S+$/, { error: "must be the consumer key of the app on Safaricom's Daraja portal (no spaces)" }).optional(),
  // A secret: its messages never repeat the value.
  MPESA_CONSUMER_SECRET: z
    .string()
    .trim()
    .regex(/^\S+$/, { error: "must be the consumer secret of the app on Safaricom's Daraja portal (no spaces)" })
    .optional(),
  MPESA_SHORTCODE: z
    .string()
    .trim()
    .regex(/^\d{5,7}$/, { error: 'must be the paybill or till number (5 to 7 digits), e.g. 174379 in the sandbox' })
    .optional(),
  // A secret too.
  MPESA_PASSKEY: z
    .string()
    .trim()
    .regex(/^\S{16,}$/, { error: 'must be the Lipa na M-Pesa Online passkey from the Daraja portal (no spaces)' })
    .optional(),
  MPESA_CALLBACK_URL: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const url = callbackBase(v);
      if (!url)
        ctx.addIssue({
          code: 'custom',
          message: 'must be the public https base Daraja calls back, such as https://cars.example (plain http only to a loopback host, for tests)',
        });
      return url ?? z.NEVER;
    })
    .optional(),
  MPESA_API_URL: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (!gatewayUrl(v))
        ctx.addIssue({
          code: 'custom',
          message: 'must be a URL such as http://127.0.0.1:4011 (scheme, host and port only), https unless the host is loopback',
        });
      return v.replace(/\/$/, '');
    })
    .optional(),
  MPESA_TIMEOUT_MS: milliseconds(1000, 120_000, '2 minutes').default(15_000),
};

/** The values of these settings once checked. */
type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>;

export function checkPayments(env: PaymentsEnv, ctx: z.RefinementCtx): void {
  // The same for M-Pesa: some but not all of its settings refuse to start, naming the missing ones.
  const mpesaSettings = ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY', 'MPESA_CALLBACK_URL'] as const;
  requireTogether(env, mpesaSettings, ctx, (set, all) => `${set}: M-Pesa payments need ${all} together (unset them all to take no M-Pesa)`);
  // Half a set of credentials would quietly leave card payments off: refuse it, naming what is missing.
  const credentials = ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'] as const;
  const set = credentials.filter((key) => env[key] !== undefined);
  if (set.length > 0 && set.length < credentials.length) {
    for (const key of credentials.filter((key) => env[key] === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `is required with ${set.join(' and ')}: card payments need BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY together (unset all three to take reservations only)`,
      });
    }
  }
}

/** M-Pesa Express's settings (`MPESA_*`), present only when all are set. */
export interface MpesaConfig {
  environment: 'sandbox' | 'production';
  consumerKey: string;
  /** A secret: never log it (nor the config object that carries it). */
  consumerSecret: string;
  shortcode: string;
  /** A secret too. */
  passkey: string;
  /** The public base Daraja calls back (our callback path, with its token, goes after it). */
  callbackBaseUrl: string;
  /** Daraja's origin: `MPESA_API_URL`, else the environment's (sandbox.safaricom.co.ke, api.safaricom.co.ke). */
  apiUrl: string;
  /** How long one call to Daraja may take before it fails. */
  timeoutMs: number;
}

/** Braintree's settings (`BRAINTREE_*`), present only when all three credentials are set. */
export interface BraintreeConfig {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  /** A secret: never log it (nor the config object that carries it). */
  privateKey: string;
  /** The merchant account that charges in KES; the merchant's default account when unset. */
  merchantAccountId?: string;
  /** Another gateway host instead of `environment`'s (a loopback stub in tests), from `BRAINTREE_API_URL`. */
  apiUrl?: { host: string; port: number; ssl: boolean };
  /** How long one call to the gateway may stay silent before it fails (the SDK's timeout). */
  timeoutMs: number;
}

export interface PaymentsConfig {
  /** Card payments through Braintree; null when `BRAINTREE_*` is unset (reservations only). */
  braintree: BraintreeConfig | null;
  /** M-Pesa Express through Daraja; null when `MPESA_*` is unset. */
  mpesa: MpesaConfig | null;
}

export function paymentsConfig(e: PaymentsEnv): PaymentsConfig {
  return {
    braintree:
      e.BRAINTREE_MERCHANT_ID && e.BRAINTREE_PUBLIC_KEY && e.BRAINTREE_PRIVATE_KEY
        ? {
            environment: e.BRAINTREE_ENVIRONMENT,
            merchantId: e.BRAINTREE_MERCHANT_ID,
            publicKey: e.BRAINTREE_PUBLIC_KEY,
            privateKey: e.BRAINTREE_PRIVATE_KEY,
            merchantAccountId: e.BRAINTREE_MERCHANT_ACCOUNT_ID,
            apiUrl: e.BRAINTREE_API_URL,
            timeoutMs: e.BRAINTREE_TIMEOUT_MS,
          }
        : null,
    mpesa:
      e.MPESA_CONSUMER_KEY && e.MPESA_CONSUMER_SECRET && e.MPESA_SHORTCODE && e.MPESA_PASSKEY && e.MPESA_CALLBACK_URL
        ? {
            environment: e.MPESA_ENVIRONMENT,
            consumerKey: e.MPESA_CONSUMER_KEY,
            consumerSecret: e.MPESA_CONSUMER_SECRET,
            shortcode: e.MPESA_SHORTCODE,
            passkey: e.MPESA_PASSKEY,
            callbackBaseUrl: e.MPESA_CALLBACK_URL,
            apiUrl: e.MPESA_API_URL ?? (e.MPESA_ENVIRONMENT === 'production' ? 'https://api.safaricom.co.ke' : 'https://sandbox.safaricom.co.ke'),
            timeoutMs: e.MPESA_TIMEOUT_MS,
          }
        : null,
  };
}
