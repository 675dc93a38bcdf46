import type { AuditEvent } from '@dealership/audit-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Renders a screen with the app's providers over a fake tRPC API; `calls` records what was asked. */
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

let sequence = 0;

/** An audit event shaped like the API's `AuditEvent`: Amina updating a car's price. */
export function makeAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  sequence += 1;
  const id = `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    actor: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Amina', email: 'amina@mail.co.ke' },
    entity: 'car',
    entityId: '00000000-0000-4000-8000-0000000000c1',
    label: null,
    action: 'update',
    changes: { price: { before: 1_200_000, after: 1_150_000 } },
    outcome: null,
    ip: null,
    userAgent: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** A page of `audit.list`. */
export function auditPage(items: AuditEvent[], { page = 1, pageSize = 20, total = items.length } = {}) {
  return { items, total, page, pageSize, pageCount: Math.ceil(total / pageSize) };
}
