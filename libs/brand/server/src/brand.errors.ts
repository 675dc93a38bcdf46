import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class BrandNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Brand not found');
  }
}

/** Brand names are unique whatever their case. */
export class BrandNameTakenError extends DomainError {
  constructor(name: string) {
    super(ErrorCode.Conflict, `A brand named ${name} already exists`, 'name');
  }
}

export class BrandImageNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Image not found on this brand', 'image');
  }
}

/** A logo that is not one of our own store's (a foreign url, `javascript:` ...). */
export class ForeignBrandImageError extends DomainError {
  constructor(field: string) {
    super(ErrorCode.BadRequest, `${field} must be an image uploaded to this site`, field);
  }
}

/** A legacy image entry that is neither an image data URL nor a `{url, public_id}` of ours. */
export class BrandImageEntryError extends DomainError {
  constructor(field: string) {
    super(ErrorCode.BadRequest, `${field} must be an image data URL, an image file or {url, public_id} JSON`, field);
  }
}

export class BrandSlugConflictError extends DomainError {
  constructor() {
    super(ErrorCode.Conflict, 'Another brand was saved with this name at the same moment; please try again', 'name');
  }
}
