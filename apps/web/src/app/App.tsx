import type { AppRouter } from '@dealership/app-router';
import { readAuthToken } from '@dealership/web-session';
import { placeholderSiteContent } from '@dealership/content-schemas';
import { TrpcProvider, trpc } from '@dealership/web-trpc-client';
import { SiteConfigProvider, SiteContentProvider, SiteMantineProvider, theme } from '@dealership/web-ui';
import { useNotifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import type { AppConfig } from '../app-config';
import { AppErrorBoundary } from './RouteError';
import { createRoutes } from './routes';

// The toast area (about 10 kB of compressed code) is needed only once there is a toast to show: a
// page load that raises none never downloads it.
const Toasts = lazy(async () => ({ default: (await import('./Toasts')).Toasts }));

/**
 * The toast area, loaded with the first toast: that toast waits in Mantine's notifications store
 * (already in the entry) while the chunk arrives, then shows; later ones show at once.
 */
function ToastsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Set during render (React's pattern for state derived from a store): mounted from the first toast on.
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

// The declarative router: the data router (loaders, actions, fetchers) is unused here and would
// add about 17 kB of gzipped JavaScript to every page.
function AppRoutes() {
  const routes = useMemo(() => createRoutes(), []);
  return useRoutes(routes);
}

/**
 * The site content the staff edit (`content.current`: FAQ, hours, contacts) for every page, and the
 * phone and WhatsApp number it holds as the config's `dealerPhone` and `whatsappPhone`. A server-rendered page arrives with it (the
 * renderer fetches it with the page's own data); a page rendered in the browser shows the defaults
 * until it arrives.
 */
function SiteContent({ config, children }: { config: AppConfig; children: ReactNode }) {
  const { data } = trpc.content.current.useQuery();
  const content = useMemo(() => data ?? placeholderSiteContent(config.dealerPhone), [data, config.dealerPhone]);
  const siteConfig = useMemo(() => ({ ...config, dealerPhone: content.phone, whatsappPhone: content.whatsapp || content.phone }), [config, content]);
  return (
    <SiteConfigProvider value={siteConfig}>
      <SiteContentProvider value={content}>{children}</SiteContentProvider>
    </SiteConfigProvider>
  );
}

export interface AppProps {
  config: AppConfig;
  /** The nonce the page's Content-Security-Policy allows `<style>` elements with (Mantine's). */
  styleNonce?: string;
  /** `BrowserRouter` in the browser; a `StaticRouter` at the requested URL on the server. */
  Router: ComponentType<{ children: ReactNode }>;
  /** The react-query cache: the server-rendered page's data when hydrating, a fresh one otherwise. */
  queryClient?: QueryClient;
  /** The server's in-process tRPC link while it renders a page; HTTP otherwise. */
  trpcLink?: TRPCLink<AppRouter>;
}

/**
 * The app's providers: theme, toasts, site config, API client, router. The same tree renders in the
 * browser and on the server (`entry-server.tsx`), so it reads nothing from `window` or `document`.
 */
export function App({ config, styleNonce, Router, queryClient, trpcLink }: AppProps) {
  // The <style> elements Mantine's components add (responsive props) carry the page's CSP nonce; the
  // theme's CSS variables are a stylesheet (SiteMantineProvider).
  const getStyleNonce = useMemo(() => (styleNonce === undefined ? undefined : () => styleNonce), [styleNonce]);
  return (
    <SiteMantineProvider theme={theme} getStyleNonce={getStyleNonce}>
      <ToastsOnDemand />
      <TrpcProvider getAuthToken={readAuthToken} queryClient={queryClient} link={trpcLink}>
        <SiteContent config={config}>
          <Router>
            <AppErrorBoundary>
              <AppRoutes />
            </AppErrorBoundary>
          </Router>
        </SiteContent>
      </TrpcProvider>
    </SiteMantineProvider>
  );
}
