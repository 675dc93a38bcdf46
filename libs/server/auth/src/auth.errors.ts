import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { ENROL_SECOND_FACTOR_MESSAGE } from './access';

/** No token, or one that is forged, expired or of a deleted account. */
export class AuthenticationRequiredError extends DomainError {
  constructor(tokenSent: boolean) {
    super(ErrorCode.Unauthorized, tokenSent ? 'Your session is invalid or has expired, please log in again' : 'Please log in');
  }
}

export class AdminAccessRequiredError extends DomainError {
  constructor() {
    super(ErrorCode.Forbidden, 'Admin access required');
  }
}

/** A salesperson at an owner's route (the staff, the rates, the reports, the exports). */
export class OwnerAccessRequiredError extends DomainError {
  constructor() {
    super(ErrorCode.Forbidden, "Owner access required: ask the dealership's owner");
  }
}

/** Staff signed in while a second factor is required and their account has none: the back office waits for it. */
export class SecondFactorEnrolmentRequiredError extends DomainError {
  constructor() {
    super(ErrorCode.Forbidden, ENROL_SECOND_FACTOR_MESSAGE);
  }
}

const waitInWords = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  // A day's cap (leads) waits for hours: "1400 minutes" reads as nothing.
  if (minutes > 90) return `${Math.ceil(minutes / 60)} hours`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** Too many failed logins; `retryAfterSeconds` goes out as the `Retry-After` header. */
export class LoginThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.TooManyRequests, `Too many failed login attempts. Please try again in ${waitInWords(retryAfterSeconds)}.`);
  }
}

/**
 * Too many failed sign-ins to one account from anywhere: the next attempt waits a while (progressive,
 * never a lockout); `retryAfterSeconds` goes out as the `Retry-After` header.
 */
export class AccountSignInDelayedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      ErrorCode.TooManyRequests,
      `Too many failed sign-ins to this account. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} before trying again.`,
    );
  }
}

/** Too many registrations from one address; `retryAfterSeconds` goes out as the `Retry-After` header. */
export class RegistrationThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.TooManyRequests, `Too many registrations from your network. Please try again in ${waitInWords(retryAfterSeconds)}.`);
  }
}

/** Too many requests to the dealer from one address; `retryAfterSeconds` goes out as the `Retry-After` header. */
export class LeadThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.TooManyRequests, `Too many requests from your network. Please try again in ${waitInWords(retryAfterSeconds)}, or call us.`);
  }
}

/** The hourly cap on buyers' requests (or photos) from every address together is reached: 503 until the hour moves on. */
export class PublicIntakeCappedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.Unavailable, `We are receiving unusually many requests. Please try again in ${waitInWords(retryAfterSeconds)}, or call us.`);
  }
}

/** Whether `error` is a refusal of a public form's limits (per address, or every address together). */
export function isIntakeRefusal(error: unknown): error is LeadThrottledError | PublicIntakeCappedError {
  return error instanceof LeadThrottledError || error instanceof PublicIntakeCappedError;
}

/** Too many orders from one account or network; `retryAfterSeconds` goes out as the `Retry-After` header. */
export class OrderThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.TooManyRequests, `Too many orders in a short time. Please try again in ${waitInWords(retryAfterSeconds)}, or call us to reserve a car.`);
  }
}

/** Too many payment attempts from one account (cards tried one after another); `retryAfterSeconds` as `Retry-After`. */
export class PaymentAttemptsThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.TooManyRequests, `Too many payment attempts. Please try again in ${waitInWords(retryAfterSeconds)}, or call us to pay another way.`);
  }
}

/** Too many emailed links asked for (password reset, verification); `retryAfterSeconds` goes out as the `Retry-After` header. */
/** Too many phone verification codes asked for (`PHONE_CODE_THROTTLE`). */
export class PhoneCodeThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.TooManyRequests, `Too many codes asked for. Please check your messages, or try again in ${waitInWords(retryAfterSeconds)}.`);
  }
}

export class EmailLinkThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      ErrorCode.TooManyRequests,
      `Too many emails asked for. Please check your inbox (and spam folder), or try again in ${waitInWords(retryAfterSeconds)}.`,
    );
  }
}
