import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './user.table';

/**
 * A code sent by SMS to prove an account holds its phone: one at a time per account, its SHA-256
 * only, a few tries (a six-digit code is guessed in a million tries, not in five).
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number (E.164) the code went to: the verification holds for that number only. */
  phone: text('phone').notNull(),
  /** Hex SHA-256 of the account id and the code. */
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Wrong codes typed; at the limit the code stops working. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
