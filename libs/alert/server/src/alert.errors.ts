import { DomainError, ErrorCode } from '@dealership/shared-schemas';

/** An alert that is not the caller's (or no longer exists). */
export class AlertNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Alert not found');
  }
}

/** A sign-up without an account and without an email or phone to send to. */
export class AlertContactRequiredError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'contact: enter an email address or a Kenyan phone number, or sign in', 'contact');
  }
}

/** No car of a price watch is (still) for sale. */
export class AlertCarNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'carIds: these cars are no longer for sale', 'carIds');
  }
}

/** A confirm or unsubscribe link that was not made by us (edited, cut short). */
export class AlertLinkInvalidError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'token: this link is not valid; copy the whole address from the message', 'token');
  }
}

/** A subscriber at the most alerts one may hold. */
export class AlertLimitReachedError extends DomainError {
  constructor(max: number) {
    super(ErrorCode.BadRequest, `You have ${max} alerts, the most we keep: remove some first`);
  }
}
