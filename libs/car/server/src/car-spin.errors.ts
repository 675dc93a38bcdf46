import { DomainError, ErrorCode } from '@dealership/shared-schemas';

/** The same upload twice in one spin set. */
export class DuplicateFrameError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'frames: each frame must be a different picture', 'frames');
  }
}
