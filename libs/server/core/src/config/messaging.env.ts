import { z } from 'zod';
import { gatewayUrl, LOOPBACK_HOSTS, milliseconds, requireTogether } from './env-values';

/**
 * The Graph API's base with its version (`WHATSAPP_API_URL`) without a trailing slash, or undefined
 * when it is no such URL. As for the other gateways, plain http only to this machine (a stub in
 * tests): every request carries the access token.
 */
function graphApiBase(text: string): string | undefined {
  if (!/^https?:\/\/[^\s?#]+$/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.protocol !== 'https:' && !LOOPBACK_HOSTS.includes(url.hostname)) return undefined;
  return text.replace(/\/+$/, '');
}

// Messages (docs/messaging.md): email by SMTP, SMS by Africa's Talking, and who hears of new leads and orders.

export const messagingEnv = {
  // Messages (docs/messaging.md): email by SMTP, SMS by Africa's Talking; either may be left unset.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3, { error: 'must be an address such as "Dealer <sales@dealer.example>"' }).optional(),
  AFRICASTALKING_USERNAME: z
    .string()
    .trim()
    .regex(/^\S+$/, { error: "must be the app's username from Africa's Talking (sandbox for their sandbox)" })
    .optional(),
  // A secret: its messages never repeat the value.
  AFRICASTALKING_API_KEY: z.string().trim().regex(/^\S+$/, { error: "must be the API key from Africa's Talking (no spaces)" }).optional(),
  AFRICASTALKING_SENDER_ID: z
    .string()
    .trim()
    .min(1)
    .max(11, { error: 'must be at most 11 characters (an approved alphanumeric sender id or shortcode)' })
    .optional(),
  AFRICASTALKING_API_URL: z
    .string()
    .transform((text, ctx) => {
      const url = gatewayUrl(text);
      if (!url) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a URL such as http://127.0.0.1:4020 (scheme, host and port only), https unless the host is loopback',
        });
        return z.NEVER;
      }
      return `${url.ssl ? 'https' : 'http'}://${url.host.includes(':') ? `[${url.host}]` : url.host}:${url.port}`;
    })
    .optional(),
  LEAD_ALERT_EMAILS: z
    .string()
    .transform((text, ctx) => {
      const list = text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      for (const item of list) {
        if (!z.email().safeParse(item).success) ctx.addIssue({ code: 'custom', message: `"${item}" is not an email address` });
      }
      return list;
    })
    .optional(),
  LEAD_ALERT_PHONES: z
    .string()
    .transform((text, ctx) => {
      const list = text
        .split(',')
        .map((item) => item.replace(/[\s()-]/g, ''))
        .filter(Boolean);
      for (const item of list) {
        if (!/^\+[1-9][0-9]{7,14}$/.test(item))
          ctx.addIssue({ code: 'custom', message: `"${item}" is not a phone number in international form such as +254712345678` });
      }
      return list;
    })
    .optional(),
  // WhatsApp Business Cloud API (docs/messaging.md, "WhatsApp"): all four or none; WHATSAPP_API_URL https unless loopback.
  WHATSAPP_ACCESS_TOKEN: z.string().trim().regex(/^\S+$/, { error: "must be the Cloud API's access token (no spaces)" }).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().regex(/^\d+$/, { error: "must be the number's id from Meta's WhatsApp Manager (digits)" }).optional(),
  WHATSAPP_APP_SECRET: z.string().trim().regex(/^\S+$/, { error: "must be the Meta app's secret (no spaces)" }).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(8, { error: 'must be at least 8 characters (any secret you also give Meta for the webhook)' }).optional(),
  WHATSAPP_API_URL: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const base = graphApiBase(text);
      if (!base) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be the Graph API base with its version, e.g. https://graph.facebook.com/v21.0 (https unless the host is loopback; no query)',
        });
        return z.NEVER;
      }
      return base;
    })
    .default('https://graph.facebook.com/v21.0'),
  /** The approved templates staff may send after the 24-hour window: `name:language:text` separated by `|`; `{{1}}` is the buyer's name. */
  WHATSAPP_TEMPLATES: z
    .string()
    .transform((text, ctx) => {
      const templates = [];
      for (const item of text.split('|').map((part) => part.trim()).filter(Boolean)) {
        const match = /^([a-z0-9_]+):([A-Za-z_]{2,8}):(.+)$/s.exec(item);
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `"${item.slice(0, 40)}" is not name:language:text, e.g. follow_up:en:Hello {{1}}, is the car still of interest?` });
          continue;
        }
        templates.push({ name: match[1], language: match[2], text: match[3].trim() });
      }
      return templates;
    })
    .optional(),
  /** The approved utility template that carries the site's texts by WhatsApp: `name:language:text`, `{{1}}` the text's wording. */
  WHATSAPP_NOTIFY_TEMPLATE: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]+:[A-Za-z_]{2,8}:.*\{\{1\}\}/s, { error: 'must be name:language:text with {{1}} for the message, e.g. dealer_update:en:Update from the dealer: {{1}}' })
    .transform((item) => {
      const [name, language, ...text] = item.split(':');
      return { name, language, text: text.join(':').trim() };
    })
    .optional(),
  MESSAGE_SEND_TIMEOUT_MS: milliseconds(1000, 300_000, '5 minutes').default(30_000),
  ALERT_DISPATCH_INTERVAL_MS: milliseconds(1000, 3_600_000, 'an hour').default(60_000),
};

/** The values of these settings once checked. */
type MessagingEnv = z.output<z.ZodObject<typeof messagingEnv>>;

/** The WhatsApp settings that must be set together. */
const WHATSAPP_SETTINGS = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

export function checkMessaging(env: MessagingEnv, ctx: z.RefinementCtx): void {
  requireTogether(env, WHATSAPP_SETTINGS, ctx, (set, all) => `${set}: WhatsApp needs ${all} together (unset them all to leave WhatsApp off)`);
  if ((env.AFRICASTALKING_USERNAME === undefined) !== (env.AFRICASTALKING_API_KEY === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.AFRICASTALKING_USERNAME ? 'AFRICASTALKING_API_KEY' : 'AFRICASTALKING_USERNAME'],
      message: 'is required with the other: SMS need AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY together (unset both to send no SMS)',
    });
  }
}

/** Where messages go out (`SMTP_URL`, `AFRICASTALKING_*`) and who hears of new leads and orders. */
export interface MessagingConfig {
  /** `smtp(s)://user:password@host:port`: a secret (its password); null sends no email. */
  smtpUrl: string | null;
  /** The From of every email: `MAIL_FROM`, or no-reply@ the SMTP host's domain. */
  mailFrom: string | null;
  /** Africa's Talking; null sends no SMS. */
  sms: { username: string; apiKey: string; senderId?: string; apiUrl: string } | null;
  /** WhatsApp Business Cloud API; null leaves WhatsApp off (the car page's chat link still works). */
  whatsapp: WhatsAppConfig | null;
  /** Extra staff who hear of every new lead and order, besides the admin accounts. */
  alertEmails: string[];
  alertPhones: string[];
  /** How long one send may take before it counts as failed (and a claim is held twice that). */
  sendTimeoutMs: number;
  /** How often buyers' alerts are matched and sent (`ALERT_DISPATCH_INTERVAL_MS`, default a minute). */
  alertDispatchIntervalMs: number;
}

/** The WhatsApp Business Cloud API's settings (`WHATSAPP_*`). */
export interface WhatsAppConfig {
  /** A secret: sent as the bearer token of every Graph API call. */
  accessToken: string;
  phoneNumberId: string;
  /** A secret: the key of the webhook's `X-Hub-Signature-256`. */
  appSecret: string;
  /** What Meta's webhook handshake must present. */
  verifyToken: string;
  /** The Graph API's base with its version (`https://graph.facebook.com/v21.0`). */
  apiUrl: string;
  templates: { name: string; language: string; text: string }[];
  /** The template that carries the site's texts to those who chose WhatsApp; null offers no such choice. */
  notifyTemplate: { name: string; language: string; text: string } | null;
}

export function messagingConfig(e: MessagingEnv): { messaging: MessagingConfig } {
  return {
    messaging: {
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM ?? (e.SMTP_URL ? defaultMailFrom(e.SMTP_URL) : null),
      sms:
        e.AFRICASTALKING_USERNAME && e.AFRICASTALKING_API_KEY
          ? {
              username: e.AFRICASTALKING_USERNAME,
              apiKey: e.AFRICASTALKING_API_KEY,
              senderId: e.AFRICASTALKING_SENDER_ID,
              apiUrl:
                e.AFRICASTALKING_API_URL ??
                (e.AFRICASTALKING_USERNAME === 'sandbox' ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com'),
            }
          : null,
      whatsapp:
        e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN
          ? {
              accessToken: e.WHATSAPP_ACCESS_TOKEN,
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              appSecret: e.WHATSAPP_APP_SECRET,
              verifyToken: e.WHATSAPP_VERIFY_TOKEN,
              apiUrl: e.WHATSAPP_API_URL,
              templates: e.WHATSAPP_TEMPLATES ?? [],
              notifyTemplate: e.WHATSAPP_NOTIFY_TEMPLATE ?? null,
            }
          : null,
      alertEmails: e.LEAD_ALERT_EMAILS ?? [],
      alertPhones: e.LEAD_ALERT_PHONES ?? [],
      sendTimeoutMs: e.MESSAGE_SEND_TIMEOUT_MS,
      alertDispatchIntervalMs: e.ALERT_DISPATCH_INTERVAL_MS,
    },
  };
}

/** `no-reply@<the SMTP host's domain>` when MAIL_FROM is unset. */
function defaultMailFrom(smtpUrl: string): string {
  try {
    const host = new URL(smtpUrl).hostname.replace(/^(smtp|mail)\./, '');
    return `no-reply@${host}`;
  } catch {
    return 'no-reply@localhost';
  }
}
