import { boolean, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './user.table';

/**
 * One row per login: a token names its session (`sid`), and a token whose session is gone (logout,
 * "log out everywhere", a password change) or expired is refused on its next request.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The token's `exp`: past it the session counts as gone even before it is deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The session's latest request (to the minute): a staff session idle for STAFF_IDLE_LIMIT ends. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * A staff sign-in while two-factor sign-in is required and the account has none: the session
     * may enrol one (and use the buyer's own pages) but not the back office, until it does.
     */
    enrolmentOnly: boolean('enrolment_only').notNull().default(false),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
