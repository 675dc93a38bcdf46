import fastifyStatic from '@fastify/static';
import type { AppConfig } from '@dealership/server-core';
import { siteRedirect } from '@dealership/shared-schemas';
import { unstable_localLink } from '@trpc/client';
import type { AnyRouter, inferRouterContext } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { createCspNonce, type SecurityHeaders } from './security-headers';
import { isClientRoute, loadWebRenderer, type WebPages } from './web-app';

const YEAR_SECONDS = 31_536_000;
/** A page not rendered in this long is sent for the browser to render. */
const SSR_TIMEOUT_MS = 3_000;

export interface WebAppOptions<TRouter extends AnyRouter> {
  /** The built web app (`dist/apps/web`), its server renderer beside it (`web-ssr`). */
  webDistDir: string;
  webPages: WebPages;
  config: Pick<AppConfig, 'dealerPhone' | 'publicUrl'>;
  securityHeaders: SecurityHeaders;
  /** The procedures pages are rendered with, called in this process. */
  router: TRouter;
  /** A guest's context for those calls: pages are rendered for no one in particular. */
  guestContext: (request: FastifyRequest) => inferRouterContext<TRouter>;
  /** The status of a first load of `url` (200, or 404 for no such page). */
  firstLoadStatus: (url: string) => Promise<number>;
  logger: Logger;
}

/**
 * The built web app: its files (Vite's hashed bundles cached for a year), and every GET no other
 * route takes as a page, rendered on the server when its renderer is built (docs/architecture.md,
 * "Server-side rendering"), else sent for the browser to render.
 */
export async function serveWebApp<TRouter extends AnyRouter>(fastify: FastifyInstance, options: WebAppOptions<TRouter>): Promise<void> {
  const { webDistDir, webPages, config, securityHeaders, router, logger } = options;
  await fastify.register(fastifyStatic, {
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
    const trpcLink = unstable_localLink<AnyRouter>({ router, createContext: async () => options.guestContext(request) });
    try {
      const page = await renderer.render(request.url, { config, styleNonce: nonce, trpcLink, timeoutMs: SSR_TIMEOUT_MS });
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
  fastify.get('/*', async (request, reply) => {
    // A page's old name (`SITE_REDIRECTS`, e.g. the footer's /inventory): moved for good, query kept.
    const movedTo = siteRedirect(request.url);
    if (movedTo !== undefined) return reply.redirect(movedTo, 301);
    if (!isClientRoute(request.method, request.url)) return reply.callNotFound();
    const status = await options.firstLoadStatus(request.url).catch((error: unknown) => {
      logger.error({ err: error }, 'page lookup failed');
      return 200 as const;
    });
    return sendPage(request, reply, status);
  });
}
