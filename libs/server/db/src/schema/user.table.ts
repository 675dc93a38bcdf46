import { sql } from 'drizzle-orm';
import { pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** 1 admin, 0 customer (legacy values). */
    role: smallint('role').notNull().default(0),
    /** When the owner of the address followed the verification link sent to it; null until then (and again after an email change). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);
