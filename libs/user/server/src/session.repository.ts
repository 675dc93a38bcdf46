import type { AuthSessionStore } from '@dealership/server-auth';
import { DB, type Database, sessions, type Transaction, users } from '@dealership/server-db';
import type { AuthUser } from '@dealership/user-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';

const toRole = (role: number): AuthUser['role'] => (role === 1 ? 1 : 0);

/**
 * The only code that touches the sessions table: one row per login, which a token names by its
 * `sid`. It is the `AuthSessionStore` port through which authentication finds a token's account.
 */
@Injectable()
export class SessionRepository implements AuthSessionStore {
  // Runs on every authenticated request: one prepared query (session and account together).
  private readonly authUserBySession;

  constructor(@Inject(DB) private readonly db: Database) {
    this.authUserBySession = this.db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, staffRole: users.staffRole, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          gt(sessions.expiresAt, sql`now()`),
          // A deactivated staff account's sessions were ended; none of its tokens works again.
          isNull(users.deactivatedAt),
        ),
      )
      .prepare('auth_user_by_session');
  }

  /** Who a token's subject is now (name, email and role as stored), while its session lasts. */
  async findAuthUser(userId: string, sessionId: string): Promise<AuthUser | undefined> {
    const [row] = await this.authUserBySession.execute({ userId, sessionId });
    return row ? { ...row, role: toRole(row.role), staffRole: row.role === 1 ? row.staffRole : null } : undefined;
  }

  async createSession(userId: string, expiresAt: Date): Promise<string> {
    // The user's expired sessions go as a new one starts, so the table holds live sessions only
    // (give or take those of users who never log in again).
    await this.db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
    const [row] = await this.db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
    return row.id;
  }

  async revokeSession(userId: string, sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  }

  async revokeSessions(userId: string, keepSessionId?: string): Promise<void> {
    await this.db.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
  }

  /** Ends every session of `userId` in the caller's transaction (a password reset, an account made admin). */
  async revokeAllIn(db: Database | Transaction, userId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  }
}
