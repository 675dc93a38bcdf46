/**
 * Limits of the `/trpc` transport, shared by the server (which refuses more) and the web client
 * (whose batch link splits its requests to stay within them).
 */
export const TRPC_LIMITS = {
  /** Calls in one batch request; more answer 400 before any procedure runs. */
  maxBatchCalls: 10,
  /** Characters in a request's URL (path and query, where GET calls carry their input); more answer 414. */
  maxUrlLength: 8_192,
  /** Bytes in a request body (mutation inputs); more answer 413. */
  maxBodyBytes: 102_400,
} as const;
