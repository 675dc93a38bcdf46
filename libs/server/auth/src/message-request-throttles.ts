import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { EmailLinkThrottledError, PhoneCodeThrottledError } from './auth.errors';
import { attempt, EMAIL_LINK_THROTTLE, PHONE_CODE_THROTTLE, StoredThrottle, throttleKeys } from './login-throttle';

// The throttles of what the site sends to a person's address or phone on request (links by email,
// codes by SMS): every request counts, whatever its outcome, since each one costs a message.

/** Limits requests for emailed links with the numbers of `EMAIL_LINK_THROTTLE`; every request counts. */
@Injectable()
export class EmailLinkThrottle extends StoredThrottle {
  constructor(moduleRef: ModuleRef) {
    super(moduleRef);
  }

  /** Counts a password reset request, or throws `EmailLinkThrottledError` when the email or the address is at its limit. */
  async beginPasswordReset(ip: string, email: string, now = new Date()): Promise<void> {
    const retryAfter = await attempt(
      this.store(),
      [
        { key: throttleKeys.resetEmail(email), max: EMAIL_LINK_THROTTLE.maxResetsPerEmail, windowMs: EMAIL_LINK_THROTTLE.windowMs },
        { key: throttleKeys.resetIp(ip), max: EMAIL_LINK_THROTTLE.maxResetsPerIp, windowMs: EMAIL_LINK_THROTTLE.windowMs },
      ],
      now,
    );
    if (retryAfter > 0) throw new EmailLinkThrottledError(retryAfter);
  }

  /** Counts a move to a new email (its link goes to the address typed), or throws `EmailLinkThrottledError` at the account's limit. */
  async beginEmailChange(userId: string, now = new Date()): Promise<void> {
    const retryAfter = await attempt(
      this.store(),
      [{ key: throttleKeys.emailChangeAccount(userId), max: EMAIL_LINK_THROTTLE.maxEmailChangesPerAccount, windowMs: EMAIL_LINK_THROTTLE.windowMs }],
      now,
    );
    if (retryAfter > 0) throw new EmailLinkThrottledError(retryAfter);
  }

  /** Counts a request to send the verification link again, or throws `EmailLinkThrottledError` at the account's limit. */
  async beginVerificationResend(userId: string, now = new Date()): Promise<void> {
    const retryAfter = await attempt(
      this.store(),
      [{ key: throttleKeys.verifyResendAccount(userId), max: EMAIL_LINK_THROTTLE.maxVerificationResendsPerAccount, windowMs: EMAIL_LINK_THROTTLE.windowMs }],
      now,
    );
    if (retryAfter > 0) throw new EmailLinkThrottledError(retryAfter);
  }
}

/** Limits phone verification codes with the numbers of `PHONE_CODE_THROTTLE`; every request counts. */
@Injectable()
export class PhoneCodeThrottle extends StoredThrottle {
  constructor(moduleRef: ModuleRef) {
    super(moduleRef);
  }

  /** Counts a code to send to `phone` for `userId`, or throws `PhoneCodeThrottledError` at a limit. */
  async begin(userId: string, phone: string, now = new Date()): Promise<void> {
    const limits = PHONE_CODE_THROTTLE;
    const retryAfter = await attempt(
      this.store(),
      [
        { key: throttleKeys.phoneCodeAccount(userId), max: limits.maxPerAccount, windowMs: limits.windowMs },
        { key: throttleKeys.phoneCodeNumber(phone), max: limits.maxPerNumber, windowMs: limits.windowMs },
      ],
      now,
    );
    if (retryAfter > 0) throw new PhoneCodeThrottledError(retryAfter);
  }

  /** Counts a code checked against `phone` (any account's), or throws `PhoneCodeThrottledError` past the day's limit. */
  async beginCheck(phone: string, now = new Date()): Promise<void> {
    const limits = PHONE_CODE_THROTTLE;
    const retryAfter = await attempt(this.store(), [{ key: throttleKeys.phoneCodeChecks(phone), max: limits.maxChecksPerNumberDay, windowMs: limits.dayWindowMs }], now);
    if (retryAfter > 0) throw new PhoneCodeThrottledError(retryAfter);
  }
}
