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

/** The bytes are not an MP4/MOV (ISO BMFF) or WebM/Matroska video, whatever the name said. */
export class UnsupportedVideoError extends DomainError {
  constructor() {
    super(ErrorCode.UnsupportedMediaType, 'file must be an MP4, MOV or WebM video', 'file');
  }
}

/** A video ffmpeg cannot read, that has no picture in it, that runs too long, or that took too long to read. */
export class UnusableVideoError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.BadRequest, message, 'file');
  }
}

/** The video is over `SPIN_VIDEO_MAX_BYTES`. */
export class VideoTooLargeError extends DomainError {
  constructor(maxBytes: string) {
    super(ErrorCode.PayloadTooLarge, `file: the video is larger than ${maxBytes}`, 'file');
  }
}

/** Why a video cannot be used on a server without ffmpeg (also what the status route tells the back office). */
export const FFMPEG_MISSING_MESSAGE = 'Taking frames from a video needs ffmpeg on the server: set FFMPEG_PATH or install ffmpeg';

/** No ffmpeg program could be run: frames cannot be taken from a video on this server. */
export class FfmpegMissingError extends DomainError {
  constructor() {
    super(ErrorCode.Unavailable, FFMPEG_MISSING_MESSAGE, 'file');
  }
}
