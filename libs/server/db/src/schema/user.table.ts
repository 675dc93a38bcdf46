import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, pgView, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Every staff account has its role, and only staff have one.
    check('users_staff_role', sql`(${t.role} = 1) = (${t.staffRole} is not null)`),
  ],
);

/**
 * What other domains may read of an account (the user domain's published view, migration
 * 0020_published_views): an order's buyer, a lead's verified address, the staff who hear of new
 * leads. Never the password hash, never a write: `users` itself is the user domain's alone (lint).
 */
export const accountContacts = pgView('account_contacts', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
  /** The accounts that work for the dealer (today: the admins). */
  isStaff: boolean('is_staff').notNull(),
}).existing();

/**
 * The staff as other domains may read them (the user domain's published view, migration 0029):
 * who can be assigned leads and be told of them. Never the password or the second factor.
 */
export const staffMembers = pgView('staff_members', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  staffRole: text('staff_role').notNull(),
  active: boolean('active').notNull(),
  away: boolean('away').notNull(),
}).existing();
