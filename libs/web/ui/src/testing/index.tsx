import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { defaultSiteContent, type SiteContent } from '@dealership/content-schemas';
import { SiteConfigProvider, type SiteConfig } from '../lib/config/site-config';
import { SiteContentProvider } from '../lib/config/site-content';
import { theme } from '../lib/theme/theme';

export { makeBrand, makeCar, makeStaffCar } from './fixtures';
export interface RenderOptions {
  /** Initial URL. */
  route?: string;
  /** Route pattern the element is mounted at. */
  path?: string;
  config?: SiteConfig;
  /** The site content (`content.current`); the defaults with the config's phone when not given. */
  content?: SiteContent;
}

/** Test site configuration. */
export const TEST_SITE_CONFIG: SiteConfig = { dealerPhone: '+254 711 222 333', publicUrl: 'https://cars.example' };

/** Renders `ui` inside Mantine (test env: no transitions or portals), a toast area and a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', config = TEST_SITE_CONFIG, content }: RenderOptions = {}): RenderResult {
  // A declarative router: jsdom lacks the fetch `Request` a data router builds on navigation.
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <SiteConfigProvider value={config}>
        <SiteContentProvider value={content ?? defaultSiteContent(config.dealerPhone)}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={null} />
            </Routes>
          </MemoryRouter>
        </SiteContentProvider>
      </SiteConfigProvider>
    </MantineProvider>,
  );
}
