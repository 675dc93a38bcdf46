import { SiteConfigProvider, theme } from '@dealership/web-ui';
import { OtherScreensProbe, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { TEST_SITE_CONFIG } from '@dealership/web-ui/testing';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LocationProbe } from '../../testing';

export interface RenderAdminOptions {
  route?: string;
  /** Route pattern the screen is mounted at; every other path shows only the location. */
  path?: string;
  api?: FakeApi;
  /** Awaited before each mutation is answered (to see a screen mid-write). */
  holdWrites?: () => Promise<void>;
  /** Keeps queries of other screens subscribed (see `OtherScreensProbe`) across navigation. */
  otherScreens?: boolean;
}

/**
 * Renders a screen with the app's providers over a fake API, and a location probe on every path.
 * The fake API stays mounted across navigation (unlike `renderPage`'s).
 */
export function renderAdmin(
  ui: ReactElement,
  { route = '/', path = '*', api = () => ({ data: null }), holdWrites, otherScreens = false }: RenderAdminOptions = {},
): RenderResult & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <SiteConfigProvider value={TEST_SITE_CONFIG}>
        <TestTrpcProvider api={api} calls={calls} holdWrites={holdWrites}>
          <MemoryRouter initialEntries={[route]}>
            {otherScreens ? <OtherScreensProbe /> : null}
            <Routes>
              <Route
                path={path}
                element={
                  <>
                    {ui}
                    <LocationProbe />
                  </>
                }
              />
              {path === '*' ? null : <Route path="*" element={<LocationProbe />} />}
            </Routes>
          </MemoryRouter>
        </TestTrpcProvider>
      </SiteConfigProvider>
    </MantineProvider>,
  );
  return { ...result, calls };
}

/** The current URL (path and query), as the location probe shows it. */
export function currentLocation(): string | null {
  return screen.getByRole('status', { name: 'Current location' }).textContent;
}
