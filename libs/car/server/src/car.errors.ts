import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class CarNotFoundError extends DomainError {
  constructor(slug: string) {
    super(ErrorCode.NotFound, `Car not found: ${slug}`);
  }
}
