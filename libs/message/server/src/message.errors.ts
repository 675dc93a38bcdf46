import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class MessageNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Message not found');
  }
}

/** Only a message that was given up on (or never sent) can be sent again. */
export class MessageNotResendableError extends DomainError {
  constructor(status: string) {
    super(ErrorCode.Conflict, `Only a failed or unsent message can be sent again (this one is ${status})`);
  }
}
