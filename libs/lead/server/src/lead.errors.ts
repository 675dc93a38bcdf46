import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class LeadNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Lead not found');
  }
}

/** A procedure declared but not written yet (`nx g @dealership/workspace-plugin:procedure` adds it so). */
export class LeadNotImplementedError extends DomainError {
  constructor(procedure: string) {
    super(ErrorCode.NotImplemented, `lead.${procedure} is not implemented yet`);
  }
}
