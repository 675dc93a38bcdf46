import { appState, type Database, DB, type Transaction } from '@dealership/server-db';
import { recoveryCodes, sessions, trustedDevices, users } from '@dealership/user-data';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';

/** The installation's "every staff account needs a second factor" (an owner's setting; off on a fresh install). */
const REQUIRE_KEY = 'staff.requireTwoFactor';

/** A staff account's second factor as stored: the encrypted secrets and the last accepted step. */
export interface StoredTwoFactor {
  role: number;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
}

/** The only code that reads and writes the second factor's columns and tables. */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async stored(userId: string): Promise<StoredTwoFactor | undefined> {
    const [row] = await this.db
      .select({ role: users.role, totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret, totpLastStep: users.totpLastStep })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [{ left }] = await this.db
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return left;
  }

  async setPending(userId: string, encryptedSecret: string): Promise<void> {
    await this.db.update(users).set({ totpPendingSecret: encryptedSecret }).where(eq(users.id, userId));
  }

  /** Turns the pending secret on with its first accepted step, and replaces the recovery codes, in one transaction. */
  async enable(userId: string, encryptedSecret: string, step: number, codeHashes: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ totpSecret: encryptedSecret, totpPendingSecret: null, totpEnabledAt: sql`now()`, totpLastStep: step })
        .where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      // Enrolled: the session that enrolled (and any other enrolment-only one) may use the back office now.
      await tx.update(sessions).set({ enrolmentOnly: false }).where(and(eq(sessions.userId, userId), eq(sessions.enrolmentOnly, true)));
    });
  }

  /**
   * Accepts a code's time step only if it is later than the last accepted one (one statement, so
   * two requests with the same code cannot both pass): a code is never used twice.
   */
  async acceptStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Uses a recovery code once; false when it is not one of the account's unused codes. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  }

  async trustDevice(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(trustedDevices).values({ userId, tokenHash, expiresAt });
  }

  async isTrustedDevice(userId: string, tokenHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.tokenHash, tokenHash), gt(trustedDevices.expiresAt, sql`now()`)));
    return row !== undefined;
  }

  /** An owner resets someone's second factor: secret, codes and remembered devices go, and every session ends. */
  /** Stores the account's second factor sealed anew (under the current key); the same secret. */
  async reseal(userId: string, encryptedSecret: string): Promise<void> {
    await this.db.update(users).set({ totpSecret: encryptedSecret }).where(eq(users.id, userId));
  }

  /** Deletes the account's remembered devices. */
  async forgetDevices(userId: string, db: Database | Transaction = this.db): Promise<void> {
    await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  }

  async reset(tx: Transaction, userId: string): Promise<void> {
    await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  }

  async required(): Promise<boolean> {
    const [row] = await this.db.select({ value: appState.value }).from(appState).where(eq(appState.key, REQUIRE_KEY));
    return row?.value === true;
  }

  async setRequired(required: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(appState)
        .values({ key: REQUIRE_KEY, value: required })
        .onConflictDoUpdate({ target: appState.key, set: { value: required, updatedAt: sql`now()` } });
      // No longer required: nobody is held at the enrolment step.
      if (!required) await tx.update(sessions).set({ enrolmentOnly: false }).where(eq(sessions.enrolmentOnly, true));
    });
  }
}
