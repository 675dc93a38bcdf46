import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { AuthService } from '@dealership/server-auth';
import { type AppConfig, LegacyExceptionFilter, PinoNestLogger, createLogger } from '@dealership/server-core';
import type { DatabaseHandle } from '@dealership/server-db';
import { SiteService } from '@dealership/server-site';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Logger } from 'pino';
import { ApiModule } from './api.module';
import { AppRouterFactory } from './app-router.factory';
import { mountTrpc } from './trpc-http';
import { isClientRoute, loadIndexHtml } from './web-app';

export interface CreateAppOptions {
  /** An open database (tests); otherwise the configured one is opened. */
  database?: DatabaseHandle;
  logger?: Logger;
}

const YEAR_SECONDS = 31_536_000;

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
  });
  // Nest routes Fastify's own errors (malformed JSON, body too large) through the exception
  // filter too, so every failure has the legacy shape. Signals are handled by apps/server.
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config, options.database), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.setGlobalPrefix('api', { exclude: ['sitemap.xml', 'robots.txt'] });

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });

  // Procedures see the token's user by the REST guard's rules (signature, expiry, account still
  // there); an invalid token just means no user, so authed procedures answer UNAUTHORIZED.
  const auth = app.get(AuthService);
  await mountTrpc(fastify, {
    prefix: '/trpc',
    router: app.get(AppRouterFactory).create(),
    createContext: async (request) => ({ user: await auth.userFromAuthorization(request.headers.authorization), ip: request.ip }),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error, path }, 'tRPC error');
    },
  });

  const webDistDir = config.webDistDir ?? resolve(__dirname, '../web');
  const indexHtml = loadIndexHtml(webDistDir, config);
  if (indexHtml) {
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
    const sendIndex = (reply: FastifyReply, status: number) =>
      reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
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
