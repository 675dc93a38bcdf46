import { readAuthToken } from '@dealership/web-session';
import { TrpcProvider } from '@dealership/web-trpc-client';
import { SiteConfigProvider, theme } from '@dealership/web-ui';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { env, styleNonce } from '../env';
import { AppErrorBoundary } from './RouteError';
import { createRoutes } from './routes';

// The toast area is not needed for first paint; toasts shown before it loads wait in the store.
const Toasts = lazy(async () => ({ default: (await import('./Toasts')).Toasts }));

const routes = createRoutes({ dealerPhone: env.dealerPhone });

// Mantine's <style> elements (CSS variables, responsive props) carry the page's CSP nonce.
function nonceGetter(nonce: string | undefined): (() => string) | undefined {
  return nonce === undefined ? undefined : () => nonce;
}
const getStyleNonce = nonceGetter(styleNonce);

// The declarative router: the data router (loaders, actions, fetchers) is unused here and would
// add about 17 kB of gzipped JavaScript to every page.
function AppRoutes() {
  return useRoutes(routes);
}

/** The app's providers: theme, toasts, site config, API client, router. */
export function App() {
  return (
    <MantineProvider theme={theme} getStyleNonce={getStyleNonce}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <SiteConfigProvider value={env}>
        <TrpcProvider getAuthToken={readAuthToken}>
          <BrowserRouter>
            <AppErrorBoundary>
              <AppRoutes />
            </AppErrorBoundary>
          </BrowserRouter>
        </TrpcProvider>
      </SiteConfigProvider>
    </MantineProvider>
  );
}
