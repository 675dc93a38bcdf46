import type { AppConfig } from '@dealership/server-core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';

/**
 * A client has 5 s to send its headers and 10 s for its whole request (Node answers 408 and
 * closes the connection; it checks every second), an idle keep-alive connection is closed after
 * 5 s and any socket silent for 15 s is dropped. Headers are at most 16 KB (431 beyond).
 */
export const HTTP_TIMEOUTS = { requestTimeout: 10_000, keepAliveTimeout: 5_000, connectionTimeout: 15_000 } as const;
export const HTTP_HEADERS_TIMEOUT_MS = 5_000;
export const HTTP_MAX_HEADER_BYTES = 16_384;

/** Nest's Fastify adapter with the server's limits: body size, timeouts, header size, trusted proxy. */
export function createFastifyAdapter(config: Pick<AppConfig, 'trustProxy'>, logger: Logger): FastifyAdapter {
  return new FastifyAdapter({
    loggerInstance: logger,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1_048_576,
    // X-Forwarded-For decides the client address (login throttling): only behind a known proxy.
    trustProxy: config.trustProxy,
    // Slow clients are cut off in seconds (docs/security.md, "Hostile input").
    ...HTTP_TIMEOUTS,
    http: { headersTimeout: HTTP_HEADERS_TIMEOUT_MS, maxHeaderSize: HTTP_MAX_HEADER_BYTES, connectionsCheckingInterval: 1_000 },
  });
}
