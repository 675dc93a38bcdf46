import { TRPCClientError } from '@trpc/client';

/** Message shown when the server cannot be reached or fails (spec §8 "Register exception"). */
export const SERVER_ERROR_MESSAGE = 'Server Error';

/** What a failed API call means for a form. */
export interface ApiErrorInfo {
  /** The server's own message, or 'Server Error' for a network failure or a server fault. */
  message: string;
  /** The first message per field of an invalid input (`{ name: 'Name is required' }`). */
  fieldErrors: Record<string, string>;
  /** True when the request never got a real answer (network) or the server failed (5xx). */
  isServerFault: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstMessages(raw: unknown): Record<string, string> {
  if (!isRecord(raw)) return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(raw)) {
    const first = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
    if (first) result[field] = first;
  }
  return result;
}

/**
 * Reads a tRPC failure: the API's error formatter puts the server's text in `message` and zod's
 * field messages in `data.fieldErrors`. Anything without an HTTP status below 500 is a server fault.
 */
export function describeApiError(error: unknown): ApiErrorInfo {
  if (!(error instanceof TRPCClientError)) {
    return { message: SERVER_ERROR_MESSAGE, fieldErrors: {}, isServerFault: true };
  }
  const data: unknown = error.data;
  const status = isRecord(data) && typeof data['httpStatus'] === 'number' ? data['httpStatus'] : undefined;
  if (status === undefined || status >= 500) {
    return { message: SERVER_ERROR_MESSAGE, fieldErrors: {}, isServerFault: true };
  }
  const fieldErrors = isRecord(data) ? firstMessages(data['fieldErrors']) : {};
  const domainField = isRecord(data) && typeof data['field'] === 'string' ? data['field'] : undefined;
  // A domain error naming a field (e.g. a duplicate email) is shown on that field too.
  if (domainField && !(domainField in fieldErrors)) fieldErrors[domainField] = error.message;
  const message = error.message || Object.values(fieldErrors)[0] || SERVER_ERROR_MESSAGE;
  return { message, fieldErrors, isServerFault: false };
}
