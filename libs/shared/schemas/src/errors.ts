/** Error codes shared by both transports and the client. */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  /** A card payment the processor declined (its text is the message). */
  PaymentRequired: 'PAYMENT_REQUIRED',
  /** An outside service we depend on (Cloudinary, the payment gateway) failed or timed out. */
  BadGateway: 'BAD_GATEWAY',
  Unavailable: 'SERVICE_UNAVAILABLE',
  /** A procedure declared (by the workspace generator) whose body is not written yet. */
  NotImplemented: 'NOT_IMPLEMENTED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status for each code: one table, used by the REST filter and the tRPC formatter alike. */
export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  PAYMENT_REQUIRED: 402,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  NOT_IMPLEMENTED: 501,
};

/**
 * A business failure with a stable code and a message fit for the user.
 * Services throw subclasses (`CarNotFoundError`); each transport maps them once.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The input field the error is about, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
