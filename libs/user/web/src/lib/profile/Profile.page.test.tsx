import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, storeSession } from '../../testing/render';
import { UserProfilePage } from './Profile.page';

const user = {
  id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
  name: 'Juma',
  email: 'juma@mail.co.ke',
  phone: '0712345678',
  address: 'Old Town, Mombasa',
  role: 0 as const,
};

/** The calls the visitor's actions made (not the card of text messages asking how texts go). */
const actions = (calls: { procedure: string; input: unknown }[]) => calls.filter((call) => call.procedure !== 'user.textMessages');

/** The fields a profile update answers with: the input minus the passwords. */
function updatedFields(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null) return {};
  return Object.fromEntries(Object.entries(input).filter(([key]) => key !== 'password' && key !== 'currentPassword'));
}

describe('UserProfilePage', () => {
  beforeEach(() => storeSession(user, 'kept-token'));
  afterEach(() => window.localStorage.clear());

  it('starts from the stored details, saves, updates the stored session and goes home', async () => {
    const { apiCalls } = renderApp(<UserProfilePage />, {
      route: '/dashboard/user/profile',
      path: '/dashboard/user/profile',
      otherPaths: ['/'],
      api: (_procedure, input) => ({ data: { ...user, ...updatedFields(input) } }),
    });
    expect(screen.getByLabelText(/Name/)).toHaveValue('Juma');
    expect(screen.getByLabelText(/Address/)).toHaveValue('Old Town, Mombasa');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Current Password/)).toHaveValue('');

    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Juma Said' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '0722000111' } });
    act(() => screen.getByRole('button', { name: 'Update' }).click());
    expect(screen.getByText('Updating...')).toBeInTheDocument();

    expect(await screen.findByText('/ page')).toBeInTheDocument();
    expect(screen.getByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('auth') ?? 'null')).toEqual({
      user: { ...user, name: 'Juma Said', phone: '0722000111' },
      token: 'kept-token',
    });
    expect(actions(apiCalls)).toEqual([
      {
        procedure: 'user.updateProfile',
        input: {
          name: 'Juma Said',
          email: 'juma@mail.co.ke',
          password: '',
          currentPassword: '',
          phone: '0722000111',
          address: 'Old Town, Mombasa',
        },
      },
    ]);
  });

  it('changes the password with the current one, and shows a wrong current password at its field', async () => {
    const { apiCalls } = renderApp(<UserProfilePage />, {
      route: '/dashboard/user/profile',
      path: '/dashboard/user/profile',
      api: () => ({ error: { message: 'Current Password is incorrect', httpStatus: 400, field: 'currentPassword' } }),
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-brand-new-password' } });
    fireEvent.change(screen.getByLabelText(/^Current Password/), { target: { value: 'not-it-at-all' } });
    act(() => screen.getByRole('button', { name: 'Update' }).click());
    expect(await screen.findAllByText('Current Password is incorrect')).not.toHaveLength(0);
    expect(actions(apiCalls)[0]?.input).toMatchObject({ password: 'a-brand-new-password', currentPassword: 'not-it-at-all' });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/user/profile');
  });

  it("shows the server's error text and keeps the stored session", async () => {
    renderApp(<UserProfilePage />, {
      route: '/dashboard/user/profile',
      path: '/dashboard/user/profile',
      api: () => ({ error: { message: 'Email is already registered', httpStatus: 409, field: 'email' } }),
    });
    act(() => screen.getByRole('button', { name: 'Update' }).click());
    expect(await screen.findAllByText('Email is already registered')).not.toHaveLength(0);
    expect(JSON.parse(window.localStorage.getItem('auth') ?? 'null').user.name).toBe('Juma');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/user/profile');
  });

  it('shows buyers no away switch', () => {
    const { apiCalls } = renderApp(<UserProfilePage />, { route: '/dashboard/user/profile', path: '/dashboard/user/profile' });
    expect(screen.queryByRole('switch', { name: /Away/ })).toBeNull();
    expect(apiCalls.filter((call) => call.procedure === 'user.me')).toEqual([]);
  });

  it('lets a staff member mark themself away, and back', async () => {
    const fatuma = { ...user, id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f51', name: 'Fatuma', role: 1 as const, staffRole: 'sales' as const };
    storeSession(fatuma);
    // The server's account: the mark the switch reads back after each change.
    let stored = false;
    const { apiCalls } = renderApp(<UserProfilePage />, {
      route: '/dashboard/admin/profile',
      path: '/dashboard/admin/profile',
      api: (procedure, input) => {
        if (procedure === 'user.me') return { data: { ...fatuma, emailVerified: true, away: stored } };
        if (procedure === 'user.setAway') {
          stored = (input as { away: boolean }).away;
          return { data: { ok: true } };
        }
        return { data: [] };
      },
    });
    const away = screen.getByRole('switch', { name: /^Away: new leads skip me/ });
    await waitFor(() => expect(away).toBeEnabled());
    expect(away).not.toBeChecked();
    fireEvent.click(away);
    expect(await screen.findByText('You are away: new leads skip you')).toBeInTheDocument();
    expect(away).toBeChecked();
    fireEvent.click(away);
    expect(await screen.findByText('You are back: new leads reach you again')).toBeInTheDocument();
    expect(apiCalls.filter((call) => call.procedure === 'user.setAway').map((call) => call.input)).toEqual([{ away: true }, { away: false }]);
  });

  it("shows the server's refusal to mark away", async () => {
    storeSession({ ...user, role: 1, staffRole: 'sales' });
    renderApp(<UserProfilePage />, {
      route: '/dashboard/admin/profile',
      path: '/dashboard/admin/profile',
      api: (procedure) =>
        procedure === 'user.me' ? { data: { ...user, role: 1, staffRole: 'sales', emailVerified: true, away: false } } : { error: { code: 'FORBIDDEN', message: 'Only staff can be away' } },
    });
    const away = screen.getByRole('switch', { name: /^Away: new leads skip me/ });
    await waitFor(() => expect(away).toBeEnabled());
    fireEvent.click(away);
    expect(await screen.findByText('Only staff can be away')).toBeInTheDocument();
    expect(away).not.toBeChecked();
  });

  it('deletes the account after the password in a dialog, then forgets the session and goes home; a wrong password shows at its field', async () => {
    let attempts = 0;
    const { apiCalls } = renderApp(<UserProfilePage />, {
      route: '/dashboard/user/profile',
      path: '/dashboard/user/profile',
      otherPaths: ['/'],
      api: (procedure) =>
        procedure === 'user.deleteAccount' && ++attempts === 1
          ? { error: { message: 'Password is incorrect', httpStatus: 400, field: 'password' } }
          : { data: { ok: true } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'not-it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Password is incorrect')).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).not.toBeNull();

    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'juma-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('/ page')).toBeInTheDocument();
    expect(screen.getByText('Your account is deleted. We emailed you a confirmation.')).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).toBeNull();
    expect(actions(apiCalls).map((call) => [call.procedure, call.input])).toEqual([
      ['user.deleteAccount', { password: 'not-it' }],
      ['user.deleteAccount', { password: 'juma-password' }],
    ]);
  });

  it('offers staff the download but not the deletion (an owner deactivates staff accounts)', () => {
    storeSession({ ...user, role: 1 }, 'kept-token');
    renderApp(<UserProfilePage />, { route: '/dashboard/user/profile', path: '/dashboard/user/profile', api: () => ({ data: null }) });
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(screen.getByText('Staff accounts are closed by an owner, on the Staff page.')).toBeInTheDocument();
  });

  it('downloads what the server holds about the user as a JSON file', async () => {
    const held = { exportedAt: '2026-11-28T06:00:00.000Z', profile: user, orders: [], leads: [], sessions: [{ current: true }] };
    const files: Blob[] = [];
    const createObjectURL = jest.fn((file: Blob) => {
      files.push(file);
      return 'blob:my-data';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { apiCalls } = renderApp(<UserProfilePage />, { route: '/dashboard/user/profile', path: '/dashboard/user/profile', api: () => ({ data: held }) });
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(actions(apiCalls).map((call) => call.procedure)).toEqual(['user.exportMyData']);
    expect(files[0].type).toBe('application/json');
    // jsdom's Blob has no text(): read it as the browser's FileReader would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(files[0]);
    });
    expect(JSON.parse(text)).toEqual(held);
    clicked.mockRestore();
  });

  it('confirms the phone with a code sent by SMS, then offers WhatsApp for the messages', async () => {
    let status = { phone: '0712345678', verified: false, channel: 'sms', canVerify: true, whatsappAvailable: true };
    const { apiCalls } = renderApp(<UserProfilePage />, {
      route: '/dashboard/user/profile',
      path: '/dashboard/user/profile',
      api: (procedure, input) => {
        if (procedure === 'user.sendPhoneCode') return { data: { sentTo: '+254712345678' } };
        if (procedure === 'user.verifyPhone') {
          if ((input as { code: string }).code !== '482913') return { error: { message: 'That code is not the one we sent: check the SMS and type it again', httpStatus: 400, field: 'code' } };
          status = { ...status, verified: true };
        }
        if (procedure === 'user.setTextChannel') status = { ...status, channel: (input as { channel: string }).channel };
        return { data: status };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Code from the SMS');
    expect(screen.getByText('Sent to +254712345678; it works for 10 minutes.')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not the one we sent: check the SMS and type it again')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your phone number 0712345678 is confirmed.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    expect(await screen.findByText('Messages now come by WhatsApp')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    expect(actions(apiCalls).map((call) => [call.procedure, call.input])).toEqual([
      ['user.sendPhoneCode', undefined],
      ['user.verifyPhone', { code: '111111' }],
      ['user.verifyPhone', { code: '482913' }],
      ['user.setTextChannel', { channel: 'whatsapp' }],
    ]);
  });
});
