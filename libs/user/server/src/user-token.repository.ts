import { type Database, DB, type Transaction } from '@dealership/server-db';
import { userTokens } from '@dealership/user-data';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';

/** What an emailed link is for (the `purpose` column). */
export type UserTokenPurpose = 'password-reset' | 'email-verify' | 'email-change';

/** A link token as made: the secret that goes in the email, and what is stored of it. */
export interface NewUserToken {
  /** 32 random bytes, base64url: only ever in the email. */
  token: string;
  /** Hex SHA-256 of `token`: the only form the database holds. */
  hash: string;
}

/** A token that was valid when it was used: whose, and the address it was sent to. */
export interface UsedUserToken {
  userId: string;
  email: string;
}

/** Hex SHA-256 of a link token. */
export const hashUserToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The only code that touches `user_tokens`: single-use links sent by email. Every write takes the
 * caller's transaction, so a token exists exactly when the email that carries it is in the outbox.
 */
@Injectable()
export class UserTokenRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A fresh token; nothing is stored until `save`. */
  generate(): NewUserToken {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashUserToken(token) };
  }

  /**
   * Stores a token of `userId` for `purpose`, sent to `email`, valid for `ttlMs`. With
   * `replaceUnused`, the account's earlier unused tokens of that purpose stop working.
   */
  async save(
    db: Database | Transaction,
    token: NewUserToken,
    fields: { userId: string; purpose: UserTokenPurpose; email: string; ttlMs: number; replaceUnused?: boolean },
  ): Promise<void> {
    if (fields.replaceUnused) {
      await db.delete(userTokens).where(and(eq(userTokens.userId, fields.userId), eq(userTokens.purpose, fields.purpose), isNull(userTokens.usedAt)));
    }
    await db.insert(userTokens).values({
      userId: fields.userId,
      purpose: fields.purpose,
      tokenHash: token.hash,
      email: fields.email,
      expiresAt: sql`now() + ${`${fields.ttlMs} milliseconds`}::interval`,
    });
  }

  /** The token's account and address while it is unused and unexpired (a read: nothing changes). */
  async findUsable(purpose: UserTokenPurpose, token: string, db: Database | Transaction = this.db): Promise<UsedUserToken | undefined> {
    const [row] = await db
      .select({ userId: userTokens.userId, email: userTokens.email })
      .from(userTokens)
      .where(
        and(eq(userTokens.tokenHash, hashUserToken(token)), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`)),
      );
    return row;
  }

  /**
   * Marks the token used if it is unused and unexpired, in one statement (two requests with the
   * same link cannot both use it); its account and address, or undefined when it was not usable.
   */
  async use(db: Database | Transaction, purpose: UserTokenPurpose, token: string): Promise<UsedUserToken | undefined> {
    const [row] = await db
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(userTokens.tokenHash, hashUserToken(token)), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`)),
      )
      .returning({ userId: userTokens.userId, email: userTokens.email });
    return row;
  }
}
