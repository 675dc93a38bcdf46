import type { AuthUserLookup } from '@dealership/server-auth';
import { DB, type Database, users } from '@dealership/server-db';
import type { AuthUser, Role, User } from '@dealership/user-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';

type UserRow = typeof users.$inferSelect;

const toRole = (role: number): Role => (role === 1 ? 1 : 0);

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, address: row.address, role: toRole(row.role) };
}

/** Postgres' unique_violation, as PGlite and node-postgres report it (Drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '23505') return true;
  }
  return false;
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
 * The only code that reads the users table; the hash leaves it only for verification. It is also
 * the `AuthUserLookup` port through which authentication finds a token's account.
 */
@Injectable()
export class UserRepository implements AuthUserLookup {
  // Runs on every authenticated request: planned once per connection.
  private readonly authUserById;

  constructor(@Inject(DB) private readonly db: Database) {
    this.authUserById = this.db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('auth_user_by_id');
  }

  /** Looks a user up by email, whatever its case. */
  async findByEmail(email: string): Promise<(User & { passwordHash: string }) | undefined> {
    const [row] = await this.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row ? { ...toUser(row), passwordHash: row.passwordHash } : undefined;
  }

  async findById(id: string): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ? toUser(row) : undefined;
  }

  /** Who a token's subject is now (name, email and role as stored), or undefined when the account is gone. */
  async findAuthUser(id: string): Promise<AuthUser | undefined> {
    const [row] = await this.authUserById.execute({ id });
    return row ? { ...row, role: toRole(row.role) } : undefined;
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
      if (isUniqueViolation(error)) return 'email-taken';
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
