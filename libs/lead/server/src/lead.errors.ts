import { DomainError, ErrorCode } from '@dealership/shared-schemas';

export class LeadNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.NotFound, 'Lead not found');
  }
}

/** A lead about a car that is not (or no longer) in the catalogue. */
export class LeadCarNotFoundError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'carId: this car is no longer listed', 'carId');
  }
}

/** A trade-in photo that is not one of this site's stored images. */
export class LeadPhotoNotOursError extends DomainError {
  constructor(index: number) {
    super(ErrorCode.BadRequest, 'details.photos: each photo must be one you uploaded with this form', `details.photos.${index}`);
  }
}

/** A lead goes to an active staff member, or back to the pool. */
export class LeadAssigneeNotStaffError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'assigneeId must be an active staff member', 'assigneeId');
  }
}

/** Text sent outside the 24-hour window. */
export class WhatsAppWindowClosedError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'The 24-hour window is closed: send an approved template', 'text');
  }
}

export class WhatsAppNotConfiguredError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'WhatsApp is not set up on this site');
  }
}

export class WhatsAppUnknownTemplateError extends DomainError {
  constructor(names: string[]) {
    super(ErrorCode.BadRequest, `template must be one of: ${names.join(', ') || 'none is configured (WHATSAPP_TEMPLATES)'}`, 'template');
  }
}

/** A WhatsApp reply to a lead that did not come from WhatsApp (a web form's): it has no conversation to answer. */
export class WhatsAppNotAConversationError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'This lead did not come from WhatsApp: answer it by phone or email');
  }
}

/** A WhatsApp reply to a lead whose personal data was removed (retention, or the buyer deleted their account): nobody to send it to. */
export class WhatsAppLeadAnonymisedError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, "This lead's personal data was removed: it can no longer be answered");
  }
}
