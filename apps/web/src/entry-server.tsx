// The server's entry to the web app (`vite build --ssr`, docs/architecture.md, "Server-side rendering"): renders a
// public page to HTML with its data, for the server to put into index.html. Runs in Node; imports
// nothing that touches `window` or `document` at load (`env.ts`, `csp-setup.ts` stay out).
import type { AppRouter } from '@dealership/app-router';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { DeferredChunksContext } from '@dealership/web-ui';
import type { AppConfig } from './app-config';
import { App } from './app/App';
import { serverRenderedPageModule } from './app/routes';
import { PageDataClient } from './server-render/page-data';
import { splitHoisted } from './server-render/split-head';

export interface RenderOptions {
  config: AppConfig;
  /** The page's style nonce (its Content-Security-Policy allows `<style>` elements with it). */
  styleNonce: string;
  /** Calls the procedures in the server's own process, as a guest. */
  trpcLink: TRPCLink<AppRouter>;
  /** Gives up (rejects) after this long; the server then sends the page to render in the browser. */
  timeoutMs?: number;
}

export interface RenderedPage {
  /** Elements for `<head>`: title, description, canonical link, Open Graph, image preloads. */
  head: string;
  /** The app's markup for `#root`. */
  body: string;
  /** The react-query cache the page rendered with, as JSON, for the browser to hydrate with. */
  state: string;
  /** The page's module, the key of its chunk in Vite's manifest (`src/pages/CarsPage.tsx`). */
  pageModule: string;
  /** The deferred components it rendered (their source files), whose styles the page needs too. */
  deferredChunks: string[];
}

/**
 * The server's link comes from its own copy of tRPC (the CommonJS build it is bundled with), this
 * renderer runs the ES module build: the client recognises its errors with `instanceof`, so an
 * error crossing over would be wrapped as an unknown one and lose its code (a missing car would
 * render as "could not load"). Each error is re-created here from its tRPC shape.
 */
function inThisRealm(link: TRPCLink<AppRouter>): TRPCLink<AppRouter> {
  return (runtime) => {
    const operation = link(runtime);
    return (options) =>
      observable((observer) =>
        operation(options).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (error: unknown) => {
            const shape = (error as { shape?: { message: string; code: number } } | null)?.shape;
            observer.error(shape ? TRPCClientError.from({ error: shape }) : TRPCClientError.from(error as Error));
          },
        }),
      );
  };
}

/** Data-dependent renders are repeated until no new query appears: the car page needs three. */
const MAX_RENDERS = 4;

async function renderOnce(
  url: string,
  options: RenderOptions,
  trpcLink: TRPCLink<AppRouter>,
  queryClient: PageDataClient,
  deferredChunks: Set<string>,
  signal: AbortSignal,
): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const { prelude } = await prerenderToNodeStream(
    <DeferredChunksContext.Provider value={deferredChunks}>
      <App config={options.config} styleNonce={options.styleNonce} Router={Router} queryClient={queryClient} trpcLink={trpcLink} />
    </DeferredChunksContext.Provider>,
    // Every part of the page inline, in order: a boundary larger than React's default chunk (12.8 kB)
    // would be sent apart and swapped in by an inline script, which the page's policy refuses.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/**
 * The page at `url` (path and query), or undefined when that path renders in the browser only.
 * Each render asks the page's queries what they need (see `PageDataClient`), fetches it through
 * `trpcLink`, and renders again; `prerender` waits for the lazy page chunks.
 */
export async function render(url: string, options: RenderOptions): Promise<RenderedPage | undefined> {
  const pageModule = serverRenderedPageModule(new URL(url, 'http://localhost').pathname);
  if (pageModule === undefined) return undefined;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 5_000);
  const queryClient = new PageDataClient();
  const trpcLink = inThisRealm(options.trpcLink);
  try {
    let deferredChunks = new Set<string>();
    let html = await renderOnce(url, options, trpcLink, queryClient, deferredChunks, signal);
    for (let renders = 1; renders < MAX_RENDERS && (await queryClient.fetchWanted()); renders++) {
      signal.throwIfAborted();
      deferredChunks = new Set<string>();
      html = await renderOnce(url, options, trpcLink, queryClient, deferredChunks, signal);
    }
    const { head, body } = splitHoisted(html);
    return { head, body, state: JSON.stringify(queryClient.dehydrateForPage()), pageModule, deferredChunks: [...deferredChunks] };
  } finally {
    queryClient.clear();
  }
}
