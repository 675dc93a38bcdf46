import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class CarNotFoundError extends DomainError {
  /** `key`: the slug or id asked for. */
  constructor(key: string) {
    super(ErrorCode.NotFound, `Car not found: ${key}`);
  }
}

/** A new car names a brand that does not exist. */
export class CarBrandNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Brand not found', 'brandId');
  }
}

/** An engine size of 0 (none) on a car that is not electric. */
export class EngineSizeRequiredError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'engineSize: only an electric car may have no engine size (0 cc)', 'engineSize');
  }
}

/** The car has no picture of that public id. */
export class CarImageNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Image not found on this car', 'image');
  }
}

/** A picture that is not one of our own store's (a foreign url, `javascript:` ...). */
export class ForeignImageError extends DomainError {
  constructor(field: string) {
    super(ErrorCode.BadRequest, `${field} must be an image uploaded to this site`, field);
  }
}

/** The slug could not be made unique (only under a storm of renames to one name). */
export class CarSlugConflictError extends DomainError {
  constructor() {
    super(ErrorCode.Conflict, 'Another car was saved with this name at the same moment; please try again', 'name');
  }
}

/** A status edit of a car an order holds: only the order's own status change moves it. */
export class CarHeldByOrderError extends DomainError {
  constructor() {
    super(ErrorCode.Conflict, "An order holds this car: change the order's status (Orders) to free or sell it, not the car's", 'status');
  }
}

/** A landing page address that names no page of ours (an unknown body type, budget, condition, brand or model). */
export class CarLandingNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'No such page of cars');
  }
}

/** Another car holds the stock number given (stock numbers are unique). */
export class CarStockNumberTakenError extends DomainError {
  constructor() {
    super(ErrorCode.Conflict, 'Another car has this stock number', 'stockNumber');
  }
}

/** A car's cost line that does not exist (any more). */
export class CarCostNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Cost not found');
  }
}

/** A trade-in waiting to be listed that was listed or dismissed meanwhile (or never was one). */
export class CarDraftClosedError extends DomainError {
  constructor(field: 'fromDraftId' | 'id') {
    super(ErrorCode.Conflict, 'This trade-in was already listed or dismissed', field);
  }
}
