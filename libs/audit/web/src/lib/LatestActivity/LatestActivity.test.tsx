import { act, screen, within } from '@testing-library/react';
import { auditPage, makeAuditEvent, renderPage } from '../../testing';
import { LATEST_ACTIVITY_COUNT, LatestActivity } from './LatestActivity';

const now = new Date('2026-11-23T12:00:00.000Z');

describe('LatestActivity', () => {
  it('lists the latest events in sentences, with a link to the whole log', async () => {
    const events = [
      makeAuditEvent({ changes: { name: { before: 'Vitz', after: 'Toyota Vitz' } }, createdAt: '2026-11-23T11:00:00.000Z' }),
      makeAuditEvent({
        entity: 'order',
        action: 'setStatus',
        changes: { status: { before: 'Processing', after: 'Shipped' } },
        createdAt: '2026-11-21T12:00:00.000Z',
      }),
    ];
    const { calls } = renderPage(<LatestActivity now={now} />, { api: () => ({ data: auditPage(events, { total: 12 }) }) });
    const section = within(screen.getByRole('region', { name: 'Latest activity' }));
    expect(section.getByRole('status', { name: 'Loading the latest activity' })).toBeInTheDocument();

    const items = await section.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Amina updated car ‘Toyota Vitz’');
    expect(items[0]).toHaveTextContent('1 hour ago · Name');
    expect(items[1]).toHaveTextContent('Amina changed the status of order');
    expect(items[1]).toHaveTextContent('2 days ago · Processing → Shipped');
    expect(section.getByRole('link', { name: 'See all activity' })).toHaveAttribute('href', '/dashboard/admin/activity');
    expect(calls.map((call) => call.input)).toEqual([{ page: 1, pageSize: LATEST_ACTIVITY_COUNT }]);
  });

  it('says so when there is no activity', async () => {
    renderPage(<LatestActivity now={now} />, { api: () => ({ data: auditPage([]) }) });
    expect(await screen.findByText(/No activity yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all activity' })).toBeInTheDocument();
  });

  it('shows an error with a retry in its own card', async () => {
    let fail = true;
    renderPage(<LatestActivity now={now} />, {
      api: () => (fail ? { error: { code: 'INTERNAL_SERVER_ERROR' } } : { data: auditPage([makeAuditEvent()]) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the latest activity.');
    fail = false;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('listitem')).toHaveTextContent('Amina updated car');
  });
});
