import { type Database, DB, type Transaction } from '@dealership/server-db';
import { phoneVerifications } from '@dealership/user-data';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';

/** The only code that touches `phone_verifications`: one code at a time per account. */
@Injectable()
export class PhoneVerificationRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Stores the account's code for `phone` in `tx` (the one that writes its SMS), replacing an earlier one. */
  async save(tx: Transaction, code: { userId: string; phone: string; codeHash: string; ttlMs: number }): Promise<void> {
    const row = { phone: code.phone, codeHash: code.codeHash, expiresAt: sql`now() + ${`${code.ttlMs} milliseconds`}::interval`, failedAttempts: 0, createdAt: sql`now()` };
    await tx
      .insert(phoneVerifications)
      .values({ userId: code.userId, ...row })
      .onConflictDoUpdate({ target: phoneVerifications.userId, set: row });
  }

  /** The account's code, locked for `tx`, with whether it has expired (by the database's clock). */
  async lock(tx: Transaction, userId: string): Promise<{ phone: string; codeHash: string; failedAttempts: number; expired: boolean } | undefined> {
    const [row] = await tx
      .select({
        phone: phoneVerifications.phone,
        codeHash: phoneVerifications.codeHash,
        failedAttempts: phoneVerifications.failedAttempts,
        expired: sql<boolean>`${phoneVerifications.expiresAt} <= now()`,
      })
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, userId))
      .for('update');
    return row;
  }

  /** A wrong code was typed: one try fewer. */
  async countFailure(db: Database | Transaction, userId: string): Promise<void> {
    await db
      .update(phoneVerifications)
      .set({ failedAttempts: sql`${phoneVerifications.failedAttempts} + 1` })
      .where(eq(phoneVerifications.userId, userId));
  }

  async remove(db: Database | Transaction, userId: string): Promise<void> {
    await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
