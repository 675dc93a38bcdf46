import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class EmailTakenError extends DomainError {
  constructor(message = 'Email is already registered, please log in') {
    super(ErrorCode.Conflict, message, 'email');
  }
}

/** One message whether or not the email exists, so the answer does not tell which emails do. */
export class InvalidCredentialsError extends DomainError {
  constructor() {
    super(ErrorCode.Unauthorized, 'Invalid email or password');
  }
}

export class LoginThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(ErrorCode.TooManyRequests, `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

export class UserNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'User not found');
  }
}

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
