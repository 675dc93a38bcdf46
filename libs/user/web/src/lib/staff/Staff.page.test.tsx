import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderApp, storeSession } from '../../testing/render';
import { StaffPage } from './Staff.page';

const fatuma = { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f51', name: 'Fatuma', email: 'fatuma@dealer.test', staffRole: 'owner', lastSignInAt: '2026-11-27T06:30:00.000Z', deactivatedAt: null, invitePending: false, twoFactorEnabled: false, away: false };
const salim = { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f52', name: 'Salim', email: 'salim@dealer.test', staffRole: 'sales', lastSignInAt: null, deactivatedAt: null, invitePending: true, twoFactorEnabled: false, away: true };

describe('StaffPage', () => {
  beforeEach(() => storeSession({ name: 'Fatuma', role: 1, staffRole: 'owner' }));
  afterEach(() => window.localStorage.clear());

  it('lists the staff with role, last sign-in and state, and invites with the form', async () => {
    const { apiCalls } = renderApp(<StaffPage />, {
      route: '/dashboard/admin/staff',
      path: '/dashboard/admin/staff',
      api: (procedure, input) =>
        procedure === 'staff.list' ? { data: [fatuma, salim] } : procedure === 'staff.invite' ? { data: { ...salim, ...(input as object), id: 'x' } } : { error: { code: 'NOT_FOUND' } },
    });
    const row = await screen.findByRole('row', { name: 'Staff Salim' });
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Staff Fatuma' })).getByText('Active')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Invite a staff member' }).click());
    const form = await screen.findByRole('form', { name: 'Invite a staff member' });
    act(() => within(form).getByRole('button', { name: 'Send the invitation' }).click());
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(apiCalls.filter((c) => c.procedure === 'staff.invite')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Neema' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'neema@dealer.test' } });
    act(() => within(form).getByRole('button', { name: 'Send the invitation' }).click());
    expect(await screen.findByText('Invitation sent to neema@dealer.test')).toBeInTheDocument();
    expect(apiCalls.find((c) => c.procedure === 'staff.invite')?.input).toEqual({ name: 'Neema', email: 'neema@dealer.test', staffRole: 'sales' });
  });

  it('deactivates after a confirmation, and shows the server refusing the last owner', async () => {
    const { apiCalls } = renderApp(<StaffPage />, {
      route: '/dashboard/admin/staff',
      path: '/dashboard/admin/staff',
      api: (procedure) =>
        procedure === 'staff.list'
          ? { data: [fatuma, salim] }
          : { error: { code: 'CONFLICT', message: 'The dealership must keep at least one active owner: make someone else an owner first' } },
    });
    const row = await screen.findByRole('row', { name: 'Staff Fatuma' });
    act(() => within(row).getByRole('button', { name: 'Deactivate' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate staff account' });
    expect(within(dialog).getByText(/signed out on every phone and computer/)).toBeInTheDocument();
    act(() => within(dialog).getByRole('button', { name: 'Deactivate' }).click());
    expect(await screen.findByText(/at least one active owner/)).toBeInTheDocument();
    expect(apiCalls.find((c) => c.procedure === 'staff.deactivate')?.input).toEqual({ userId: fatuma.id });
  });

  it('marks someone away, or back, with the Away switch of their row', async () => {
    const { apiCalls } = renderApp(<StaffPage />, {
      route: '/dashboard/admin/staff',
      path: '/dashboard/admin/staff',
      api: (procedure) => (procedure === 'staff.list' ? { data: [fatuma, salim] } : procedure === 'staff.setAway' ? { data: { ok: true } } : { error: { code: 'NOT_FOUND' } }),
    });
    const fatumaRow = await screen.findByRole('row', { name: 'Staff Fatuma' });
    const salimAway = within(screen.getByRole('row', { name: 'Staff Salim' })).getByRole('switch', { name: 'Salim is away' });
    expect(salimAway).toBeChecked();
    const fatumaAway = within(fatumaRow).getByRole('switch', { name: 'Fatuma is away' });
    expect(fatumaAway).not.toBeChecked();
    fireEvent.click(fatumaAway);
    expect(await screen.findByText('Fatuma is away: new leads skip them')).toBeInTheDocument();
    fireEvent.click(salimAway);
    expect(await screen.findByText('Salim is back: new leads reach them again')).toBeInTheDocument();
    expect(apiCalls.filter((c) => c.procedure === 'staff.setAway').map((c) => c.input)).toEqual([
      { userId: fatuma.id, away: true },
      { userId: salim.id, away: false },
    ]);
  });

  it("shows the server's refusal to mark someone away", async () => {
    renderApp(<StaffPage />, {
      route: '/dashboard/admin/staff',
      path: '/dashboard/admin/staff',
      api: (procedure) => (procedure === 'staff.list' ? { data: [fatuma, salim] } : { error: { code: 'FORBIDDEN', message: 'Only owners can do this' } }),
    });
    const row = await screen.findByRole('row', { name: 'Staff Fatuma' });
    fireEvent.click(within(row).getByRole('switch', { name: 'Fatuma is away' }));
    expect(await screen.findByText('Only owners can do this')).toBeInTheDocument();
  });
});
