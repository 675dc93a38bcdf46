import { describeApiError } from '@dealership/web-session';
import { TRPCClientError } from '@trpc/client';

/**
 * A fresh `idempotencyKey` for one checkout attempt. `crypto.randomUUID` exists only in secure
 * contexts (HTTPS, localhost); elsewhere 128 random bits from `getRandomValues` do the same job.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a failed `order.place` (or `order.clientToken`) means for the checkout. */
export type CheckoutFailure =
  /** 409 on `carIds`: a car was taken meanwhile; the message names it. */
  | { kind: 'conflict'; message: string }
  /** Another 409: the same attempt is still being processed (its card sale is under way). */
  | { kind: 'in-progress'; message: string }
  /** 402: the card was declined; the message is the processor's. */
  | { kind: 'declined'; message: string }
  /** 503 from the payment side: card payments are switched off. */
  | { kind: 'unavailable'; message: string }
  /** Network, 5xx: the outcome is unknown, so a retry reuses the attempt's key. */
  | { kind: 'server'; message: string }
  /** Any other refusal (an expired session, an invalid input): nothing was placed. */
  | { kind: 'refused'; message: string };

function httpStatus(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const status = (data as Record<string, unknown>)['httpStatus'];
  return typeof status === 'number' ? status : undefined;
}

/** Sorts a checkout failure by its HTTP status; the text comes from `describeApiError`. */
export function describeCheckoutFailure(error: unknown): CheckoutFailure {
  const { message, fieldErrors } = describeApiError(error);
  const status = httpStatus(error);
  if (status === 409) return { kind: 'carIds' in fieldErrors ? 'conflict' : 'in-progress', message };
  if (status === 402) return { kind: 'declined', message };
  if (status === 503) return { kind: 'unavailable', message };
  if (status === undefined || status >= 500) return { kind: 'server', message };
  return { kind: 'refused', message };
}
