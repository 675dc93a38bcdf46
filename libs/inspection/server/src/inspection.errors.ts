import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class InspectionCarNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Car not found', 'carId');
  }
}

export class ChecklistNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Checklist not found', 'checklistId');
  }
}

export class ChecklistDateTakenError extends DomainError {
  constructor(effectiveFrom: string) {
    super(ErrorCode.Conflict, `A checklist already takes effect on ${effectiveFrom}: pick another date`, 'effectiveFrom');
  }
}

/** The form was filled over another version than the one in force on the inspection's date. */
export class ChecklistNotInForceError extends DomainError {
  constructor(inspectedOn: string, inForce: string | undefined) {
    super(
      ErrorCode.BadRequest,
      inForce
        ? `checklistId: the checklist in force on ${inspectedOn} is the version of ${inForce}; reload the form`
        : `inspectedOn: no checklist was in force on ${inspectedOn}`,
      inForce ? 'checklistId' : 'inspectedOn',
    );
  }
}

/** A wound-back odometer: it reads less than the export certificate's mileage. */
export class OdometerBelowCertificateError extends DomainError {
  constructor(odometerKm: number, certificateKm: number) {
    super(
      ErrorCode.BadRequest,
      `odometerKm: the odometer (${odometerKm} km) reads less than the export certificate's mileage (${certificateKm} km); a wound-back odometer cannot be recorded`,
      'odometerKm',
    );
  }
}

export class InspectionResultError extends DomainError {
  constructor(field: string, message: string) {
    super(ErrorCode.BadRequest, `${field}: ${message}`, field);
  }
}

/** No such certificate, or one the asker may not see (a private one is not admitted to exist). */
export class CertificateNotFoundError extends DomainError {
  constructor(field = 'id') {
    super(ErrorCode.NotFound, 'Certificate not found', field);
  }
}
