import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { AuthService } from '@dealership/server-auth';
import { type AppConfig, LegacyExceptionFilter, PinoNestLogger, createLogger } from '@dealership/server-core';
import type { DatabaseHandle } from '@dealership/server-db';
import { SiteService } from '@dealership/server-site';
import { rethrowContextError } from '@dealership/server-trpc';
import { siteRedirect } from '@dealership/shared-schemas';
import { NestFactory } from '@nestjs/core';
import { type TRPCLink, unstable_localLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Logger } from 'pino';
import { ApiModule } from './api.module';
import { AppRouterFactory } from './app-router.factory';
import { trimMemoryWhenIdle } from './idle-memory';
import { createCspNonce, registerSecurityHeaders } from './security-headers';
import { mountTrpc } from './trpc-http';
import { isClientRoute, loadWebPages, loadWebRenderer } from './web-app';

/** Where Nest's controllers are served: under /api, except the routes crawlers and probes expect at the root. */
export const REST_PREFIX = 'api';
export const UNPREFIXED_ROUTES = ['sitemap.xml', 'sitemap-:file', 'robots.txt', 'health/live', 'health/ready'] as const;

export interface CreateAppOptions {
  /** An open database (tests); otherwise the configured one is opened. */
  database?: DatabaseHandle;
  logger?: Logger;
  /**
   * Called once the Nest app exists, before any route is registered (tests: the REST contract
   * check of `@dealership/server-openapi/testing` hooks in here).
   */
  onCreated?: (app: NestFastifyApplication) => void;
}

const YEAR_SECONDS = 31_536_000;
/** A page not rendered in this long is sent for the browser to render. */
const SSR_TIMEOUT_MS = 3_000;

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
 * (chosen by measurement, see docs/architecture.md), REST under /api, tRPC at /trpc, the modules' own routes
 * (images under /media, sitemap), and the built web app with client-side routing everywhere else.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger(config);
  const webDistDir = config.webDistDir ?? resolve(__dirname, '../web');
  const adapter = new FastifyAdapter({
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
  // Nest routes Fastify's own errors (malformed JSON, body too large) through the exception
  // filter too, so every failure has the legacy shape. Signals are handled by apps/server.
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config, options.database), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  options.onCreated?.(app);
  app.setGlobalPrefix(REST_PREFIX, { exclude: [...UNPREFIXED_ROUTES] });

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Gives memory back after a busy spell, when Node was started with --expose-gc (docs/speed.md, "Memory").
  trimMemoryWhenIdle(fastify, { gc: globalThis.gc });
  const webPages = loadWebPages(webDistDir, config);
  // Before tRPC's scope and the routes, so every answer gets the headers (docs/security.md, "Headers").
  const securityHeaders = await registerSecurityHeaders(fastify, config, { inlineScriptHashes: webPages?.inlineScriptHashes });

  // Procedures see the token's user by the REST guard's rules (signature, expiry, account still
  // there); an invalid token just means no user, so authed procedures answer UNAUTHORIZED.
  const auth = app.get(AuthService);
  const router = app.get(AppRouterFactory).create();
  await mountTrpc(fastify, {
    prefix: '/trpc',
    router,
    transport: config.trpcTransport,
    createContext: async (request) => ({ user: await auth.userFromAuthorization(request.headers.authorization).catch(rethrowContextError), ip: request.ip }),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error, path }, 'tRPC error');
    },
  });

  if (webPages) {
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
    // Public pages are rendered here (docs/architecture.md, "Server-side rendering"), as a guest: the same
    // procedures the browser calls, in this process.
    // The renderer (React, Mantine, the pages: 0.3-0.7 s of module loading) loads once the server
    // listens, so the API is up without waiting for it; a page asked for meanwhile waits for it.
    let rendererLoading: ReturnType<typeof loadWebRenderer> | undefined;
    const getRenderer = () =>
      (rendererLoading ??= loadWebRenderer(webDistDir).then(
        (renderer) => {
          if (!renderer) logger.warn({ webDistDir }, 'web app has no server renderer: pages render in the browser only');
          return renderer;
        },
        (error: unknown) => {
          logger.error({ err: error, webDistDir }, 'web app server renderer failed to load: pages render in the browser only');
          return undefined;
        },
      ));
    fastify.addHook('onListen', (done) => {
      setImmediate(() => void getRenderer());
      done();
    });
    const renderPage = async (request: FastifyRequest, nonce: string): Promise<string> => {
      const renderer = await getRenderer();
      if (!renderer) return webPages.shell(nonce);
      const trpcLink = unstable_localLink({ router, createContext: async () => ({ user: null, ip: request.ip }) });
      try {
        const page = await renderer.render(request.url, { config, styleNonce: nonce, trpcLink: trpcLink as TRPCLink<AnyRouter>, timeoutMs: SSR_TIMEOUT_MS });
        return page ? webPages.rendered(nonce, page) : webPages.shell(nonce);
      } catch (error) {
        // The browser renders the page instead, as it did before server rendering.
        logger.error({ err: error, url: request.url }, 'server rendering failed');
        return webPages.shell(nonce);
      }
    };
    // Each page gets a fresh style nonce, in its CSP and in the page for Mantine's <style> elements.
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
      const nonce = createCspNonce();
      const html = await renderPage(request, nonce);
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', securityHeaders.pagePolicy(nonce))
        .type('text/html; charset=utf-8')
        .send(html);
    };
    // Every GET no other route takes: a page of the web app (200, or 404 for no page, whose
    // not-found page the app renders), or a plain 404 for an API path or a missing file. A route
    // rather than the not-found handler, so pages get the routes' hooks (compression).
    const site = app.get(SiteService);
    fastify.get('/*', async (request, reply) => {
      // A page's old name (`SITE_REDIRECTS`, e.g. the footer's /inventory): moved for good, query kept.
      const movedTo = siteRedirect(request.url);
      if (movedTo !== undefined) return reply.redirect(movedTo, 301);
      if (!isClientRoute(request.method, request.url)) return reply.callNotFound();
      const status = await site.firstLoadStatus(request.url).catch((error: unknown) => {
        logger.error({ err: error }, 'page lookup failed');
        return 200 as const;
      });
      return sendPage(request, reply, status);
    });
  } else {
    logger.warn({ webDistDir }, 'web app not built: serving the API only (run `npx nx run web:build`)');
  }
  app.useGlobalFilters(new LegacyExceptionFilter());

  await app.init();
  return app;
}
