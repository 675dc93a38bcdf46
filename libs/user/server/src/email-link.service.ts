import { type AuditClient, AuditService } from '@dealership/audit-server';
import { Outbox, emailMessage } from '@dealership/message-server';
import { EmailLinkThrottle } from '@dealership/server-auth';
import type { Database, Transaction } from '@dealership/server-db';
import type { AuthUser } from '@dealership/shared-schemas';
import { EMAIL_VERIFY_TTL_DAYS, PASSWORD_RESET_TTL_MINUTES, type PasswordResetInput, type User } from '@dealership/user-schemas';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { emailChangedNotice, emailChangeEmail, emailVerificationEmail, passwordResetEmail } from './account-emails';
import { PasswordHasher } from './password-hasher';
import { SessionRepository } from './session.repository';
import { TwoFactorService } from './two-factor.service';
import { UserTokenRepository } from './user-token.repository';
import { UserRepository } from './user.repository';
import { EMAIL_USED_BY_ANOTHER, EmailTakenError, LinkNoLongerValidError, UserNotFoundError } from './user.errors';

const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60 * 1000;
const VERIFY_TTL_MS = EMAIL_VERIFY_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * The account links sent by email: password reset and email verification. Each link is a token of
 * 32 random bytes that only the email carries (the database keeps its SHA-256), usable once.
 */
@Injectable()
export class EmailLinkService implements OnApplicationShutdown {
  private readonly logger = new Logger('EmailLinkService');
  /** Reset requests being handled after their answer went out (see `requestPasswordReset`). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly users: UserRepository,
    private readonly tokens: UserTokenRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
    private readonly throttle: EmailLinkThrottle,
    private readonly audit: AuditService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * Writes a verification link for the account's current email into `db` (the transaction that
   * created the account or changed its email): the email goes out only if that commits.
   */
  async enqueueVerification(db: Database | Transaction, user: Pick<User, 'id' | 'name' | 'email'>): Promise<void> {
    const token = this.tokens.generate();
    const email = await emailVerificationEmail(this.outbox.site, user.name, token.token);
    await this.tokens.save(db, token, { userId: user.id, purpose: 'email-verify', email: user.email, ttlMs: VERIFY_TTL_MS });
    await this.outbox.enqueue(db, [emailMessage(user.email, 'email.verify', email, { sensitive: true })]);
  }

  /**
   * Writes the link that moves the account to `newEmail` into `db` (the profile update's
   * transaction), sent to that address; an earlier unused one stops working. The email changes only
   * when the link is followed (`verifyEmail`).
   */
  async enqueueEmailChange(db: Database | Transaction, user: Pick<User, 'id' | 'name'>, newEmail: string): Promise<void> {
    const token = this.tokens.generate();
    const email = await emailChangeEmail(this.outbox.site, user.name, token.token);
    await this.tokens.save(db, token, { userId: user.id, purpose: 'email-change', email: newEmail, ttlMs: VERIFY_TTL_MS, replaceUnused: true });
    await this.outbox.enqueue(db, [emailMessage(newEmail, 'email.change', email, { sensitive: true })]);
  }

  /** Counts a move to a new email, whose link goes to an address the account typed: a few an hour per account (`EMAIL_LINK_THROTTLE`). */
  countEmailChange(userId: string): Promise<void> {
    return this.throttle.beginEmailChange(userId);
  }

  /** "Send the link again" of the dashboard banner: throttled per account; nothing to send once verified. */
  async resendVerification(user: AuthUser): Promise<{ sent: boolean }> {
    await this.throttle.beginVerificationResend(user.id);
    const account = await this.users.findById(user.id);
    if (!account) throw new UserNotFoundError();
    if (account.emailVerified) return { sent: false };
    await this.users.transaction((tx) => this.enqueueVerification(tx, account));
    return { sent: true };
  }

  /**
   * Follows a link from the email: a verification link verifies the account if its email is still
   * the one the link went to; an email-change link moves the account to the address it went to
   * (verified: its owner opened it), and the previous address is told. `previousEmail` is set for a change.
   */
  async verifyEmail(token: string, client?: AuditClient): Promise<{ email: string; previousEmail?: string }> {
    const outcome = await this.users.transaction(async (tx) => {
      const verified = await this.tokens.use(tx, 'email-verify', token);
      if (verified) {
        // Thrown inside: the transaction rolls back, so a link for an address the account no longer has is not used up.
        if (!(await this.users.markEmailVerified(tx, verified.userId, verified.email))) throw new LinkNoLongerValidError('verify');
        return { email: verified.email, change: null };
      }
      const change = await this.tokens.use(tx, 'email-change', token);
      if (!change) throw new LinkNoLongerValidError('verify');
      const moved = await this.users.changeEmail(tx, change.userId, change.email);
      if (moved === 'not-found') throw new LinkNoLongerValidError('verify');
      // Told only to whoever opened a link sent to this very address; the link stays usable.
      if (moved === 'email-taken') throw new EmailTakenError(EMAIL_USED_BY_ANOTHER);
      const notice = await emailChangedNotice(this.outbox.site, moved.name, change.email);
      await this.outbox.enqueue(tx, [emailMessage(moved.previousEmail, 'email.changed', notice)]);
      return { email: change.email, change: { userId: change.userId, previousEmail: moved.previousEmail } };
    });
    const { email, change } = outcome;
    if (!change) return { email };
    const { userId, previousEmail } = change;
    if (client) await this.audit.recordSecurity({ account: { id: userId, email }, action: 'changeEmail', outcome: 'success', client, details: { previousEmail } });
    return { email, previousEmail };
  }

  /**
   * Asks for a reset link. Throttled per email and per client address; past that, the same answer
   * whether or not the address has an account, and at the same moment: the answer goes out once
   * the throttle has counted the request, and the lookup, the token and the email are written
   * after it (tracked, and awaited at shutdown), so neither the words nor the time tell which
   * addresses are registered.
   */
  async requestPasswordReset(email: string, ip: string): Promise<void> {
    await this.throttle.beginPasswordReset(ip, email);
    const work = this.sendResetLink(email)
      .catch((error: unknown) => this.logger.error(`password reset request failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves once every reset request answered so far has written its email (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  private async sendResetLink(email: string): Promise<void> {
    const account = await this.users.findByEmail(email);
    if (!account) return;
    const token = this.tokens.generate();
    const message = await passwordResetEmail(this.outbox.site, account.name, token.token);
    await this.users.transaction(async (tx) => {
      // A new link replaces the account's earlier unused ones: only the latest email works.
      await this.tokens.save(tx, token, { userId: account.id, purpose: 'password-reset', email: account.email, ttlMs: RESET_TTL_MS, replaceUnused: true });
      await this.outbox.enqueue(tx, [emailMessage(account.email, 'password.reset', message, { sensitive: true })]);
    });
  }

  /**
   * Sets a new password with a reset link: the link is used up, every session of the account ends
   * (whoever else was signed in is out) and its remembered devices are forgotten, and the email
   * counts as verified (its owner read the link),
   * all in one transaction. The person then signs in with the new password.
   */
  async resetPassword(input: PasswordResetInput, client?: AuditClient): Promise<{ email: string }> {
    // Checked before hashing, so an unknown token costs no hashing; used for good below.
    if (!(await this.tokens.findUsable('password-reset', input.token))) throw new LinkNoLongerValidError('reset');
    const passwordHash = await this.hasher.hash(input.password);
    const reset = await this.users.transaction(async (tx) => {
      const used = await this.tokens.use(tx, 'password-reset', input.token);
      // An account whose email changed since the link was sent: the old address proves nothing.
      if (!used || !(await this.users.markEmailVerified(tx, used.userId, used.email))) throw new LinkNoLongerValidError('reset');
      await this.users.setPassword(tx, used.userId, passwordHash);
      await this.sessions.revokeAllIn(tx, used.userId);
      // Whoever reset it may have lost control of the account: no remembered device skips the second step.
      await this.twoFactor.forgetDevices(used.userId, tx);
      return { userId: used.userId, email: used.email };
    });
    if (client) await this.audit.recordSecurity({ account: { id: reset.userId, email: reset.email }, action: 'resetPassword', outcome: 'success', client });
    return { email: reset.email };
  }
}
