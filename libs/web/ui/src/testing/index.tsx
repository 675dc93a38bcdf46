import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SiteConfigProvider, type SiteConfig } from '../lib/config/site-config';
import { theme } from '../lib/theme/theme';

export { makeBrand, makeCar } from './fixtures';
export interface RenderOptions {
  /** Initial URL. */
  route?: string;
  /** Route pattern the element is mounted at. */
  path?: string;
  config?: SiteConfig;
}

/** Test site configuration. */
export const TEST_SITE_CONFIG: SiteConfig = { dealerPhone: '+254 711 222 333', publicUrl: 'https://cars.example' };

/** Renders `ui` inside Mantine (test env: no transitions or portals), a toast area and a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', config = TEST_SITE_CONFIG }: RenderOptions = {}): RenderResult {
  // A declarative router: jsdom lacks the fetch `Request` a data router builds on navigation.
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <SiteConfigProvider value={config}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </SiteConfigProvider>
    </MantineProvider>,
  );
}
