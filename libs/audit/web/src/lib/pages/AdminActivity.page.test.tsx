import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { auditPage, makeAuditEvent, renderPage } from '../../testing';
import { ACTIVITY_PAGE_SIZE, AdminActivityPage } from './AdminActivity.page';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const statusChange = makeAuditEvent({
  entity: 'order',
  action: 'setStatus',
  actor: { id: null, name: 'Baraka', email: 'baraka@mail.co.ke' },
  changes: { status: { before: 'Not Process', after: 'Shipped' } },
  createdAt: '2026-11-23T12:00:00.000Z',
});
const carUpdate = makeAuditEvent({
  changes: { name: { before: 'Vitz', after: 'Toyota Vitz' }, price: { before: 1_200_000, after: 1_150_000 } },
  createdAt: '2026-11-22T09:30:00.000Z',
});
const brandCreate = makeAuditEvent({ entity: 'brand', action: 'create', changes: { name: { after: 'Mazda' } }, createdAt: '2026-11-20T08:00:00.000Z' });

function renderActivity(api: FakeApi, route = '/dashboard/admin/activity') {
  return renderPage(
    <>
      <AdminActivityPage />
      <LocationProbe />
    </>,
    { route, api },
  );
}

const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('AdminActivityPage', () => {
  it('lists the events as the API orders them (newest first): when, who, what and a summary', async () => {
    const { calls } = renderActivity(() => ({ data: auditPage([statusChange, carUpdate, brandCreate]) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading activity…');

    await screen.findByRole('table');
    const rows = rowsOf();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Baraka');
    expect(rows[0]).toHaveTextContent('Order');
    expect(rows[0]).toHaveTextContent('Status changed');
    expect(rows[0]).toHaveTextContent('Not Process → Shipped');
    expect(rows[1]).toHaveTextContent('Toyota Vitz');
    expect(rows[1]).toHaveTextContent('Name, Price');
    expect(rows[2]).toHaveTextContent('Brand');
    expect(rows[2]).toHaveTextContent('Created');

    const time = rows[0].querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-11-23T12:00:00.000Z');
    expect(time?.getAttribute('title')).toMatch(/2026/);
    expect(screen.getByText('3 events')).toBeInTheDocument();
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([['audit.list', { page: 1, pageSize: ACTIVITY_PAGE_SIZE }]]);
  });

  it('opens a row to show each changed field before -> after', async () => {
    renderActivity(() => ({ data: auditPage([carUpdate]) }));
    const button = await screen.findByRole('button', { name: 'Show changes' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => button.click());

    expect(screen.getByRole('button', { name: 'Hide changes' })).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(screen.getByRole('button', { name: 'Hide changes' }).getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    const changes = within(details as HTMLElement);
    expect(changes.getByText('Price')).toBeInTheDocument();
    expect(changes.getAllByRole('deletion')).toHaveLength(2);
    expect(details).toHaveTextContent('before: 1,200,000');
    expect(details).toHaveTextContent('after: 1,150,000');
    expect(details).toHaveTextContent('before: Vitz');
    expect(details).toHaveTextContent('after: Toyota Vitz');

    act(() => screen.getByRole('button', { name: 'Hide changes' }).click());
    expect(screen.queryByText('before: 1,200,000')).not.toBeInTheDocument();
  });

  it('reads the filter and page from the URL, and writes changes back to it', async () => {
    const { calls } = renderActivity((_, input) => {
      const { page = 1 } = input as { page?: number };
      return { data: auditPage([carUpdate], { page, total: 45 }) };
    }, '/dashboard/admin/activity?entity=car&page=2');
    await screen.findByRole('table');
    expect(calls[0].input).toEqual({ entity: 'car', page: 2, pageSize: ACTIVITY_PAGE_SIZE });
    expect(screen.getByRole('radio', { name: 'Cars' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    act(() => screen.getByRole('button', { name: 'Page 3' }).click());
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/activity?entity=car&page=3');
    await waitFor(() => expect(calls.at(-1)?.input).toEqual({ entity: 'car', page: 3, pageSize: ACTIVITY_PAGE_SIZE }));

    // A new filter starts again at page 1.
    act(() => screen.getByRole('radio', { name: 'Orders' }).click());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/admin\/activity\?entity=order$/);
    await waitFor(() => expect(calls.at(-1)?.input).toEqual({ entity: 'order', page: 1, pageSize: ACTIVITY_PAGE_SIZE }));

    act(() => screen.getByRole('radio', { name: 'All' }).click());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/admin\/activity$/);
  });

  it('filters the security events by outcome, in the URL, and shows where a failed sign-in came from', async () => {
    const failedSignIn = makeAuditEvent({
      actor: { id: null, name: '', email: 'guess@example.co.ke' },
      entity: 'user',
      entityId: null,
      action: 'signIn',
      outcome: 'failure',
      ip: '10.0.0.7',
      userAgent: 'curl/8.5',
      changes: { reason: { after: 'unknown email' } },
    });
    const { calls } = renderActivity(() => ({ data: auditPage([failedSignIn]) }), '/dashboard/admin/activity?page=2');
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'security' } });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/admin\/activity\?category=security$/);
    fireEvent.change(screen.getByRole('combobox', { name: 'Outcome' }), { target: { value: 'failure' } });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/admin\/activity\?category=security&outcome=failure$/);
    await waitFor(() => expect(calls.at(-1)?.input).toEqual({ category: 'security', outcome: 'failure', page: 1, pageSize: ACTIVITY_PAGE_SIZE }));
    expect(await screen.findByText('from 10.0.0.7')).toHaveAttribute('title', 'curl/8.5');
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Sign-in')).toBeInTheDocument();
  });

  it('says so when there is no activity', async () => {
    renderActivity(() => ({ data: auditPage([]) }));
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names the filter when it has no activity', async () => {
    renderActivity(() => ({ data: auditPage([]) }), '/dashboard/admin/activity?entity=brand');
    expect(await screen.findByText('No activity about brands yet.')).toBeInTheDocument();
  });

  it('offers the first page when the URL points past the last one', async () => {
    renderActivity(() => ({ data: auditPage([], { page: 9, total: 3 }) }), '/dashboard/admin/activity?page=9');
    expect(await screen.findByText('There is nothing on this page.')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Go to the first page' }).click());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/admin\/activity$/);
  });

  it('shows an error state whose retry loads again', async () => {
    let fail = true;
    renderActivity(() => (fail ? { error: { code: 'INTERNAL_SERVER_ERROR' } } : { data: auditPage([carUpdate]) }));
    expect(await screen.findByRole('heading', { name: 'Could not load the activity' })).toBeInTheDocument();
    fail = false;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
