import { DomainError, ErrorCode } from '@dealership/shared-schemas';

/** The bytes are not a JPEG, PNG, WebP or AVIF image (whatever the name or declared type said). */
export class UnsupportedImageError extends DomainError {
  constructor(reason = 'Only JPEG, PNG, WebP or AVIF images can be uploaded') {
    super(ErrorCode.UnsupportedMediaType, reason, 'file');
  }
}

/** The image claims a known format but cannot be decoded (truncated, corrupt). */
export class UnreadableImageError extends DomainError {
  constructor() {
    super(ErrorCode.BadRequest, 'The image could not be read; it may be damaged', 'file');
  }
}

/** The file is over `MEDIA_MAX_BYTES`, or its dimensions over the pixel limit. */
export class ImageTooLargeError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.PayloadTooLarge, message, 'file');
  }
}

/** The request carried no `file` part. */
export class UploadFileMissingError extends DomainError {
  constructor(message = 'Send one image as multipart/form-data in a field named file') {
    super(ErrorCode.BadRequest, message, 'file');
  }
}

/** A picture another car or brand already holds: sharing one file would let one record's delete break the other. */
export class PictureTakenError extends DomainError {
  constructor(field: string, owner: 'car' | 'brand') {
    super(ErrorCode.Conflict, `${field} belongs to another ${owner}; upload the picture again to use it here`, field);
  }
}

/** The image store (Cloudinary) failed or did not answer; nothing was recorded. */
export class MediaStorageUnavailableError extends DomainError {
  constructor() {
    super(ErrorCode.BadGateway, 'The image store is not answering, please try again shortly');
  }
}

/** The media folder's disk is below `MEDIA_MIN_FREE_BYTES` free: nothing is written until space is made. */
export class MediaDiskFullError extends DomainError {
  /** Minutes, not seconds: space comes back when someone makes it. */
  readonly retryAfterSeconds = 600;

  constructor() {
    super(ErrorCode.Unavailable, 'Uploads are paused for lack of disk space; please try again later', 'file');
  }
}
