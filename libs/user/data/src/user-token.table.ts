import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './user.table';

/**
 * Single-use links sent by email (password reset, email verification). Only the SHA-256 of the
 * token is kept: the database never holds a usable link.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** password-reset, email-verify or email-change (`email` is then the new address, not yet the account's). */
    purpose: text('purpose').notNull(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to (a verification holds only for that address). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);
