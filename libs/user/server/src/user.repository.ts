import { DB, type Database, users, pgError, PG_UNIQUE_VIOLATION } from '@dealership/server-db';
import type { Role, User } from '@dealership/user-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';

type UserRow = typeof users.$inferSelect;

const toRole = (role: number): Role => (role === 1 ? 1 : 0);

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, address: row.address, role: toRole(row.role) };
}

/** The profile fields a user may change; never the role. */
export interface ProfileChanges {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Absent: the password stays. */
  passwordHash?: string;
}

/**
 * The only code that writes the users table; the hash leaves it only for verification. (The
 * session lookup of every request reads a user's name, email and role with its session, in
 * `SessionRepository`.)
 */
@Injectable()
export class UserRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Looks a user up by email, whatever its case. */
  async findByEmail(email: string): Promise<(User & { passwordHash: string }) | undefined> {
    const [row] = await this.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row ? { ...toUser(row), passwordHash: row.passwordHash } : undefined;
  }

  async findById(id: string): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ? toUser(row) : undefined;
  }

  /** Inserts a user; undefined when the email is already registered (in any case). */
  async create(user: { name: string; email: string; passwordHash: string; phone: string; address: string; role: Role }): Promise<User | undefined> {
    // The unique index on lower(email) decides, so two registrations racing cannot both win.
    const [row] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return row ? toUser(row) : undefined;
  }

  /** Saves profile changes: the user as saved, 'not-found', or 'email-taken' when another account has the email. */
  async updateProfile(id: string, changes: ProfileChanges): Promise<User | 'not-found' | 'email-taken'> {
    try {
      const [row] = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
      return row ? toUser(row) : 'not-found';
    } catch (error) {
      if (pgError(error).code === PG_UNIQUE_VIOLATION) return 'email-taken';
      throw error;
    }
  }

  async hasAdmin(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.role, 1)).limit(1);
    return row !== undefined;
  }

  async updateAdmin(id: string, changes: { passwordHash: string; role: Role }): Promise<void> {
    await this.db.update(users).set(changes).where(eq(users.id, id));
  }
}
