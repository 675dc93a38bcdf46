import { AppRouterFactory } from '@dealership/app-router';
import { META_VEHICLE_FEED_ROUTE } from '@dealership/car-schemas';
import { AuthService } from '@dealership/server-auth';
import { type AppConfig, LegacyExceptionFilter, PinoNestLogger, createLogger } from '@dealership/server-core';
import type { DatabaseHandle } from '@dealership/server-db';
import { createFastifyAdapter, CspSourcesCollector, serveHttp, sourcePageOf, userAgentOf } from '@dealership/server-http';
import { SiteService } from '@dealership/server-site';
import { rethrowContextError } from '@dealership/server-trpc';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { ApiModule } from './api.module';

/**
 * Where Nest's controllers are served: under /api, except the routes crawlers, probes and other
 * services expect at the root (the ads catalogue feed Meta fetches).
 */
export const REST_PREFIX = 'api';
export const UNPREFIXED_ROUTES = ['sitemap.xml', 'sitemap-:file', 'robots.txt', 'health/live', 'health/ready', META_VEHICLE_FEED_ROUTE] as const;

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

/**
 * The whole HTTP server, configured and initialised but not listening: Nest on Fastify (chosen by
 * measurement, see docs/architecture.md), REST under /api, the modules' own routes (images under
 * /media, sitemap), tRPC at /trpc and the built web app everywhere else (`serveHttp`).
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger(config);
  // Nest routes Fastify's own errors (malformed JSON, body too large) through the exception
  // filter too, so every failure has the legacy shape. Signals are handled by apps/server.
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config, options.database), createFastifyAdapter(config, logger), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    // Each JSON body's bytes kept beside it (`request.rawBody`): a webhook's signature is over them (WhatsApp's).
    rawBody: true,
  });
  options.onCreated?.(app);
  app.setGlobalPrefix(REST_PREFIX, { exclude: [...UNPREFIXED_ROUTES] });

  const auth = app.get(AuthService);
  const site = app.get(SiteService);
  await serveHttp(app, {
    config,
    logger,
    webDistDir: config.webDistDir ?? resolve(__dirname, '../web'),
    cspSources: app.get(CspSourcesCollector).collect(),
    router: app.get(AppRouterFactory).create(),
    // Procedures see the token's user by the REST guard's rules (signature, expiry, account still
    // there); an invalid token just means no user, so authed procedures answer UNAUTHORIZED.
    createContext: async (request) => ({
      user: await auth.userFromAuthorization(request.headers.authorization).catch(rethrowContextError),
      ip: request.ip,
      userAgent: userAgentOf(request),
      sourcePage: sourcePageOf(request),
    }),
    // A server-rendered page: the page itself is where the visitor is.
    guestContext: (request) => ({ user: null, ip: request.ip, userAgent: userAgentOf(request) }),
    firstLoadStatus: (url) => site.firstLoadStatus(url),
  });
  app.useGlobalFilters(new LegacyExceptionFilter());

  await app.init();
  return app;
}
