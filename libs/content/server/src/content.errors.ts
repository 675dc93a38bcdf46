import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class ContentNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Content not found');
  }
}
