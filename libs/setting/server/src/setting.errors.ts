import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class SettingNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Rate set not found');
  }
}

export class SettingDateTakenError extends DomainError {
  constructor(effectiveFrom: string) {
    super(ErrorCode.Conflict, `A rate set already takes effect on ${effectiveFrom}: change that one instead`, 'effectiveFrom');
  }
}

export class SettingLastOneError extends DomainError {
  constructor() {
    super(ErrorCode.Conflict, 'The last rate set cannot be deleted: the duty estimator and the financing calculator need one');
  }
}
