import { timestamps } from '@dealership/server-db/schema';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id hash; never leaves the user repository. */
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** 1 staff (the legacy "admin"), 0 customer (legacy values). */
    role: smallint('role').notNull().default(0),
    /** A staff account's role: owner (everything) or sales (leads, orders, the catalogue); null for customers. */
    staffRole: text('staff_role', { enum: ['owner', 'sales'] }),
    /** A staff account an owner deactivated: it cannot sign in, and its sessions ended then. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    /** The account's latest successful sign-in (the Staff page shows it). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /** The TOTP secret of the account's second factor, encrypted (AES-256-GCM); null when it has none. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled (shown as a QR code), until a code from it confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** When the second factor was turned on. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The time step of the last code accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** A salesperson marked away (leave, a day off): new leads skip them. */
    away: boolean('away').notNull().default(false),
    /** When the owner of the address followed the verification link sent to it; null until then (and again after an email change). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** The phone number (E.164) a code sent to it by SMS proved the account holds; null until then, and again after a phone change. */
    verifiedPhone: text('verified_phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    /** How the site's texts reach the verified phone: sms, whatsapp or both (WhatsApp only for a verified phone). */
    textChannel: text('text_channel', { enum: ['sms', 'whatsapp', 'both'] })
      .notNull()
      .default('sms'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // One account holds a number: proving it on another account takes it from the first.
    uniqueIndex('users_verified_phone_key').on(t.verifiedPhone),
    // Every staff account has its role, and only staff have one.
    check('users_staff_role', sql`(${t.role} = 1) = (${t.staffRole} is not null)`),
  ],
);
