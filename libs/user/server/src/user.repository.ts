import { DB, type Database, users } from '@dealership/server-db';
import type { Role, User } from '@dealership/user-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';

type UserRow = typeof users.$inferSelect;

function toUser(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, phone: row.phone, address: row.address, role: row.role === 1 ? 1 : 0 };
}

/** The only code that reads the users table; the hash leaves it only for verification. */
@Injectable()
export class UserRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Looks a user up by email, whatever its case. */
  async findByEmail(email: string): Promise<(User & { passwordHash: string }) | undefined> {
    const [row] = await this.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row ? { ...toUser(row), passwordHash: row.passwordHash } : undefined;
  }

  async create(user: { name: string; email: string; passwordHash: string; phone: string; address: string; role: Role }): Promise<User> {
    const [row] = await this.db.insert(users).values(user).returning();
    return toUser(row);
  }

  async hasAdmin(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.role, 1)).limit(1);
    return row !== undefined;
  }

  async updateAdmin(id: string, changes: { passwordHash: string; role: Role }): Promise<void> {
    await this.db.update(users).set(changes).where(eq(users.id, id));
  }
}
