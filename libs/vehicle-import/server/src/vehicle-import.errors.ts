import { DomainError, ErrorCode } from '@dealership/shared-schemas';

/** No such import (or a tracking token that is not one of ours: `field` says which input). */
export class VehicleImportNotFoundError extends DomainError {
  constructor(field = 'importId') {
    super(ErrorCode.NotFound, 'Import not found', field);
  }
}
