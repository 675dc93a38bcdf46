import { pgView, boolean, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  /** The phone (E.164) the account proved by a code (migration 0044); null when unproved. */
  verifiedPhone: text('verified_phone'),
  /** How texts to the verified phone go: sms, whatsapp or both. */
  textChannel: text('text_channel').notNull(),
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
