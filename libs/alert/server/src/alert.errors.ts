import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class AlertNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Alert not found');
  }
}
