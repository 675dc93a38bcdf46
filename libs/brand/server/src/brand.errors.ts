import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class BrandNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Brand not found');
  }
}
