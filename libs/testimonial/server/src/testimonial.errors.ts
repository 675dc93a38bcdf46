import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class TestimonialNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Testimonial not found');
  }
}

/** A procedure declared but not written yet (`nx g @dealership/workspace-plugin:procedure` adds it so). */
export class TestimonialNotImplementedError extends DomainError {
  constructor(procedure: string) {
    super(ErrorCode.NotImplemented, `testimonial.${procedure} is not implemented yet`);
  }
}
