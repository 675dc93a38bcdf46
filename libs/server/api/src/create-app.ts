import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { AuthService } from '@dealership/server-auth';
import { type AppConfig, LegacyExceptionFilter, PinoNestLogger, createLogger } from '@dealership/server-core';
import type { DatabaseHandle } from '@dealership/server-db';
import { SiteService } from '@dealership/server-site';
import { rethrowContextError } from '@dealership/server-trpc';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Logger } from 'pino';
import { ApiModule } from './api.module';
import { AppRouterFactory } from './app-router.factory';
import { createCspNonce, registerSecurityHeaders } from './security-headers';
import { mountTrpc } from './trpc-http';
import { isClientRoute, loadIndexHtml } from './web-app';

/** Where Nest's controllers are served: under /api, except the routes crawlers and probes expect at the root. */
export const REST_PREFIX = 'api';
export const UNPREFIXED_ROUTES = ['sitemap.xml', 'sitemap-:file', 'robots.txt', 'health/live', 'health/ready'] as const;

export interface CreateAppOptions {
  /** An open database (tests); otherwise the configured one is opened. */
  database?: DatabaseHandle;
  logger?: Logger;
}

const YEAR_SECONDS = 31_536_000;

/**
 * A client has 5 s to send its headers and 10 s for its whole request (Node answers 408 and
 * closes the connection; it checks every second), an idle keep-alive connection is closed after
 * 5 s and any socket silent for 15 s is dropped. Headers are at most 16 KB (431 beyond).
 */
export const HTTP_TIMEOUTS = { requestTimeout: 10_000, keepAliveTimeout: 5_000, connectionTimeout: 15_000 } as const;
export const HTTP_HEADERS_TIMEOUT_MS = 5_000;
export const HTTP_MAX_HEADER_BYTES = 16_384;

/**
 * The whole HTTP server, configured and initialised but not listening: Nest on Fastify
 * (chosen by measurement, see README), REST under /api, tRPC at /trpc, the modules' own routes
 * (images under /media, sitemap), and the built web app with client-side routing everywhere else.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger(config);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1_048_576,
    // X-Forwarded-For decides the client address (login throttling): only behind a known proxy.
    trustProxy: config.trustProxy,
    // Slow clients are cut off in seconds (README, "Requests").
    ...HTTP_TIMEOUTS,
    http: { headersTimeout: HTTP_HEADERS_TIMEOUT_MS, maxHeaderSize: HTTP_MAX_HEADER_BYTES, connectionsCheckingInterval: 1_000 },
  });
  // Nest routes Fastify's own errors (malformed JSON, body too large) through the exception
  // filter too, so every failure has the legacy shape. Signals are handled by apps/server.
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config, options.database), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.setGlobalPrefix(REST_PREFIX, { exclude: [...UNPREFIXED_ROUTES] });

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });
  // Before tRPC's scope and the routes, so every answer gets the headers (README, "Headers").
  const securityHeaders = await registerSecurityHeaders(fastify, config);

  // Procedures see the token's user by the REST guard's rules (signature, expiry, account still
  // there); an invalid token just means no user, so authed procedures answer UNAUTHORIZED.
  const auth = app.get(AuthService);
  await mountTrpc(fastify, {
    prefix: '/trpc',
    router: app.get(AppRouterFactory).create(),
    createContext: async (request) => ({ user: await auth.userFromAuthorization(request.headers.authorization).catch(rethrowContextError), ip: request.ip }),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error, path }, 'tRPC error');
    },
  });

  const webDistDir = config.webDistDir ?? resolve(__dirname, '../web');
  const indexPage = loadIndexHtml(webDistDir, config);
  if (indexPage) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      preCompressed: true,
      allowedPath: (path) => path !== '/index.html',
      setHeaders: (res, path) => {
        // Vite's hashed bundles never change; anything else may.
        void res.header('cache-control', path.includes('/assets/') ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600');
      },
    });
    // Each page gets a fresh style nonce, in its CSP and in the page for Mantine's <style> elements.
    const sendIndex = (reply: FastifyReply, status: number) => {
      const nonce = createCspNonce();
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', securityHeaders.pagePolicy(nonce))
        .type('text/html; charset=utf-8')
        .send(indexPage(nonce));
    };
    const site = app.get(SiteService);
    fastify.get('/', (_request, reply) => sendIndex(reply, 200));
    app.useGlobalFilters(
      new LegacyExceptionFilter((request, reply) => {
        if (!isClientRoute(request.method, request.url)) return false;
        site.firstLoadStatus(request.url).then(
          (status) => sendIndex(reply, status),
          (error: unknown) => {
            logger.error({ err: error }, 'page lookup failed');
            sendIndex(reply, 200);
          },
        );
        return true;
      }),
    );
  } else {
    logger.warn({ webDistDir }, 'web app not built: serving the API only (run `npx nx run web:build`)');
    app.useGlobalFilters(new LegacyExceptionFilter());
  }

  await app.init();
  return app;
}
