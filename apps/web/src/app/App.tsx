import { TrpcProvider } from '@dealership/web-trpc-client';
import { readAuthToken, SiteConfigProvider, theme, TOAST_DURATION } from '@dealership/web-ui';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { env } from '../env';
import { createRoutes } from './routes';

const router = createBrowserRouter(createRoutes({ dealerPhone: env.dealerPhone }));

/** The app's providers: theme, toasts, site config, API client, router. */
export function App() {
  return (
    <MantineProvider theme={theme}>
      {/* Spec §9: at most 20 toasts; errors stay 4 s (success toasts pass 2 s themselves). */}
      <Notifications position="top-right" limit={20} autoClose={TOAST_DURATION.error} />
      <SiteConfigProvider value={env}>
        <TrpcProvider getAuthToken={readAuthToken}>
          <RouterProvider router={router} />
        </TrpcProvider>
      </SiteConfigProvider>
    </MantineProvider>
  );
}
