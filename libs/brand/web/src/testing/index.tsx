import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Renders a page with the app's providers over a fake tRPC API; `calls` records what was asked. */
export function renderPage(
  ui: ReactElement,
  { route = '/', path = '*', api }: { route?: string; path?: string; api: FakeApi },
): RenderResult & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const result = renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      {ui}
    </TestTrpcProvider>,
    { route, path },
  );
  return { ...result, calls };
}
