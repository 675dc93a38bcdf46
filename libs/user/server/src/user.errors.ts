import { COMMON_PASSWORD_MESSAGE } from '@dealership/server-core';
import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { CURRENT_PASSWORD_REQUIRED_FOR_EMAIL } from '@dealership/user-schemas';

/** The refusal of an address another account already has, for the account moving to it. */
export const EMAIL_USED_BY_ANOTHER = 'Email is already used by another account';

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

export class UserNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'User not found');
  }
}

/** A new email without the current password: the field to fill in is named. */
export class CurrentPasswordRequiredError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, CURRENT_PASSWORD_REQUIRED_FOR_EMAIL, 'currentPassword');
  }
}

/** A new password came with a wrong current password. Not a 401: the session itself is fine. */
export class CurrentPasswordIncorrectError extends DomainError {
  constructor(field: 'currentPassword' | 'password' = 'currentPassword') {
    super(ErrorCode.BadRequest, field === 'password' ? 'Password is incorrect' : 'Current Password is incorrect', field);
  }
}

/**
 * A staff account asked to delete itself: staff accounts hold the back office's history and may be
 * the last owner, so an owner deactivates them on the Staff page instead.
 */
export class StaffAccountDeletionError extends DomainError {
  constructor() {
    super(ErrorCode.Forbidden, 'Staff accounts are not deleted here: ask an owner to deactivate yours on the Staff page');
  }
}

/** A new password from attackers' lists (`isCommonPassword`); 400 naming the field. */
export class CommonPasswordError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, COMMON_PASSWORD_MESSAGE, 'password');
  }
}

/** An emailed link that was never ours, has expired or was used already: one message for all three. */
export class LinkNoLongerValidError extends DomainError {
  constructor(what: 'reset' | 'verify') {
    super(
      ErrorCode.BadRequest,
      what === 'reset'
        ? 'This password reset link has expired or has already been used. Please ask for a new one.'
        : 'This confirmation link has expired, has already been used, or was sent to an address your account no longer has. Please ask for a new one.',
      'token',
    );
  }
}

/** A staff account an owner deactivated: the right password, but no sign-in. */
export class AccountDeactivatedError extends DomainError {
  constructor() {
    super(ErrorCode.Unauthorized, "This account has been deactivated. Ask the dealership's owner if you need it again");
  }
}

/** What an owner may not do to the staff. */
const STAFF_REFUSALS = {
  'last-owner': 'The dealership must keep at least one active owner: make someone else an owner first',
  'email-taken': 'An account with this email exists already; invite the person with another address',
  'not-staff': 'Staff account not found',
} as const;

export class StaffChangeRefusedError extends DomainError {
  constructor(reason: keyof typeof STAFF_REFUSALS) {
    super(reason === 'not-staff' ? ErrorCode.NotFound : ErrorCode.Conflict, STAFF_REFUSALS[reason], reason === 'email-taken' ? 'email' : 'userId');
  }
}

/** Two-factor sign-in is for staff accounts; buyers are never asked. */
export class TwoFactorNotAvailableError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'Two-factor sign-in is for staff accounts: start the set-up again from your profile');
  }
}

/** Setting two-factor sign-in up again while it is on, without the current password or a current code. */
export class TwoFactorProofRequiredError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'Two-factor sign-in is on: enter your current password or a code from your app to set it up again', 'currentPassword');
  }
}

/** The code (or recovery code) of the second step was not right, or the challenge has expired. */
export class SecondFactorInvalidError extends DomainError {
  constructor(field: 'code' | 'challenge') {
    super(
      ErrorCode.BadRequest,
      field === 'code' ? 'That code is not right. Enter the current 6-digit code from your authenticator app, or a recovery code' : 'The sign-in took too long. Please enter your password again',
      field,
    );
  }
}

/** The legacy REST login has no second step: an account with a second factor signs in on the website. */
export class SecondFactorRequiredError extends DomainError {
  constructor() {
    super(ErrorCode.Unauthorized, 'This account signs in with a second factor (an authenticator code): sign in on the website, which asks for it');
  }
}

/** A code asked for a phone that is not a Kenyan mobile number (or while the site sends no SMS). */
export class PhoneNotVerifiableError extends DomainError {
  constructor(message = 'Your phone number is not a Kenyan mobile number: correct it in your profile, then ask for a code') {
    super(ErrorCode.BadRequest, message, 'phone');
  }
}

/** A phone code that is wrong, used up, expired, or for a number the account no longer has. */
export class PhoneCodeInvalidError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.BadRequest, message, 'code');
  }
}

/** WhatsApp chosen for texts without a proved phone, or while the site cannot send them by WhatsApp. */
export class TextChannelUnavailableError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.Conflict, message, 'channel');
  }
}
