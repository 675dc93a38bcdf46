import { DomainError, ErrorCode, STAFF_STREAMS_PER_USER } from '@dealership/shared-schemas';

/** The admin (or the server as a whole) holds as many live streams as allowed. */
export class StaffStreamLimitError extends DomainError {
  constructor() {
    super(ErrorCode.TooManyRequests, `Too many live streams open (at most ${STAFF_STREAMS_PER_USER} per account): close a back office tab`);
  }
}
