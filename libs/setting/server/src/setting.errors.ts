import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class SettingNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Setting not found');
  }
}

/** A procedure declared but not written yet (`nx g @dealership/workspace-plugin:procedure` adds it so). */
export class SettingNotImplementedError extends DomainError {
  constructor(procedure: string) {
    super(ErrorCode.NotImplemented, `setting.${procedure} is not implemented yet`);
  }
}
