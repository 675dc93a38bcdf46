import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';

/** Shows the current URL, so tests can assert navigation and the filters kept in the query string. */
export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderPageOptions {
  route?: string;
  path?: string;
  api?: FakeApi;
}

/** Renders a page with the app's providers over a fake tRPC API, and a location probe. */
export function renderPage(
  ui: ReactElement,
  { route = '/', path = '*', api = () => ({ data: null }) }: RenderPageOptions = {},
): RenderResult & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const result = renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      {ui}
      <LocationProbe />
    </TestTrpcProvider>,
    { route, path },
  );
  return { ...result, calls };
}
