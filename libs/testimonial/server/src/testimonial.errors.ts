import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class TestimonialNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Testimonial not found');
  }
}
