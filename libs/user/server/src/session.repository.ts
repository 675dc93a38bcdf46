import type { AuthSessionStore } from '@dealership/server-auth';
import { type Database, DB, type Transaction } from '@dealership/server-db';
import { sessions, users } from '@dealership/user-data';
import { type AuthUser, STAFF_IDLE_HOURS } from '@dealership/shared-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';

/** How stale a session's `last_seen_at` may get before a request writes it again: one write a minute at most. */
const SEEN_RESOLUTION_MS = 60_000;

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
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, staffRole: users.staffRole, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, enrolmentOnly: sessions.enrolmentOnly })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          gt(sessions.expiresAt, sql`now()`),
          // A deactivated staff account's sessions were ended; none of its tokens works again.
          isNull(users.deactivatedAt),
          // Back-office sessions end after STAFF_IDLE_HOURS without a request (OWASP ASVS 7.3.1).
          or(ne(users.role, 1), gt(sessions.lastSeenAt, sql`now() - ${`${STAFF_IDLE_HOURS} hours`}::interval`)),
        ),
      )
      .prepare('auth_user_by_session');
  }

  /** Who a token's subject is now (name, email and role as stored), while its session lasts. */
  async findAuthUser(userId: string, sessionId: string): Promise<AuthUser | undefined> {
    const [row] = await this.authUserBySession.execute({ userId, sessionId });
    if (!row) return undefined;
    const { lastSeenAt, enrolmentOnly, ...user } = row;
    if (Date.now() - lastSeenAt.getTime() > SEEN_RESOLUTION_MS) {
      await this.db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
    }
    return { ...user, role: toRole(user.role), staffRole: user.role === 1 ? user.staffRole : null, ...(enrolmentOnly ? { enrolmentOnly } : {}) };
  }

  async createSession(userId: string, expiresAt: Date, { enrolmentOnly = false }: { enrolmentOnly?: boolean } = {}): Promise<string> {
    // The user's expired sessions go as a new one starts, so the table holds live sessions only
    // (give or take those of users who never log in again).
    await this.db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
    const [row] = await this.db.insert(sessions).values({ userId, expiresAt, enrolmentOnly }).returning({ id: sessions.id });
    return row.id;
  }

  async revokeSession(userId: string, sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  }

  async revokeSessions(userId: string, keepSessionId?: string): Promise<void> {
    await this.db.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
  }

  /** The account's live sessions (its data export): when each started, was last used and ends. */
  async ofUser(userId: string): Promise<{ id: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date }[]> {
    return this.db
      .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(sessions.createdAt);
  }

  /** Deletes the sessions that have expired (the daily retention run); how many. */
  async deleteExpired(): Promise<number> {
    return (
      await this.db
        .delete(sessions)
        .where(lte(sessions.expiresAt, sql`now()`))
        .returning({ id: sessions.id })
    ).length;
  }

  /** Ends every session of `userId` in the caller's transaction (a password reset, an account made admin). */
  async revokeAllIn(db: Database | Transaction, userId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  }
}
