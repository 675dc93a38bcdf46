import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { renderApp } from '../../testing/render';
import { LoginPage } from './Login.page';

const user = {
  id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
  name: 'Juma',
  email: 'juma@mail.co.ke',
  phone: '0712345678',
  address: 'Old Town, Mombasa',
  role: 0,
};

function logIn(email = 'juma@mail.co.ke', password = 'secret-password') {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  act(() => screen.getByRole('button', { name: 'Login' }).click());
}

const loginOk: FakeApi = (procedure) =>
  procedure === 'user.login' ? { data: { user, token: 'fresh-token' } } : { error: { message: 'Not found', httpStatus: 404 } };

describe('LoginPage', () => {
  afterEach(() => window.localStorage.clear());

  it('stores {user, token} under auth and returns to the page the guard sent the visitor from', async () => {
    const { apiCalls } = renderApp(<LoginPage />, {
      route: '/login?redirect=%2Fdashboard%2Fuser%2Forder',
      path: '/login',
      otherPaths: ['/dashboard/user/order'],
      api: loginOk,
    });
    logIn();
    expect(await screen.findByText('/dashboard/user/order page')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('auth') ?? 'null')).toEqual({ user, token: 'fresh-token' });
    expect(apiCalls).toEqual([{ procedure: 'user.login', input: { email: 'juma@mail.co.ke', password: 'secret-password' } }]);
  });

  it("keeps the account's known device and sends it with this browser's next sign-in to that account only", async () => {
    window.localStorage.setItem('knownDevices', JSON.stringify({ 'juma@mail.co.ke': 'device-juma' }));
    const { apiCalls } = renderApp(<LoginPage />, {
      route: '/login',
      path: '/login',
      otherPaths: ['/'],
      api: (procedure) => (procedure === 'user.login' ? { data: { user, token: 'fresh-token', knownDevice: 'device-juma-2' } } : { error: { message: 'Not found', httpStatus: 404 } }),
    });
    logIn(' Juma@Mail.co.ke ');
    expect(await screen.findByText('/ page')).toBeInTheDocument();
    expect(apiCalls[0]?.input).toMatchObject({ knownDevice: 'device-juma' });
    expect(JSON.parse(window.localStorage.getItem('knownDevices') ?? '{}')).toEqual({ 'juma@mail.co.ke': 'device-juma-2' });
  });

  it('goes home without a target, and ignores a target on another site', async () => {
    renderApp(<LoginPage />, {
      route: '/login?redirect=https%3A%2F%2Fevil.example',
      path: '/login',
      otherPaths: ['/'],
      api: loginOk,
    });
    logIn();
    expect(await screen.findByText('/ page')).toBeInTheDocument();
  });

  it('shows "Loging In..." while waiting, then the server message on failure, storing nothing', async () => {
    renderApp(<LoginPage />, {
      route: '/login',
      path: '/login',
      api: () => ({ error: { message: 'Invalid email or password', httpStatus: 401 } }),
    });
    logIn();
    expect(screen.getByText('Loging In...')).toBeInTheDocument();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loging In...')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('auth')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('says "Server Error" when the server cannot be reached', async () => {
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    logIn();
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
  });

  it('checks the email on the client without calling the server', async () => {
    const { apiCalls } = renderApp(<LoginPage />, { route: '/login', path: '/login', api: loginOk });
    logIn('juma@mail', 'secret-password');
    expect(await screen.findByText('Invalid Email Format')).toBeInTheDocument();
    expect(apiCalls).toEqual([]);
  });

  it("asks a staff account with a second factor for the code, and keeps the remembered device's token for the next sign-in", async () => {
    const staffUser = { ...user, role: 1, staffRole: 'sales', email: 'salim@dealer.test' };
    const { apiCalls } = renderApp(<LoginPage />, {
      route: '/login',
      path: '/login',
      otherPaths: ['/'],
      api: (procedure, input) => {
        if (procedure === 'user.login') {
          return (input as { deviceToken?: string }).deviceToken ? { data: { user: staffUser, token: 'remembered-token' } } : { data: { secondFactor: 'required', challenge: 'the-challenge' } };
        }
        if (procedure === 'user.loginSecondFactor') {
          return (input as { code?: string }).code === '123456'
            ? { data: { user: staffUser, token: 'second-step-token', deviceToken: 'device-token' } }
            : { error: { code: 'BAD_REQUEST', httpStatus: 400, message: 'That code is not right.', data: { fieldErrors: { code: 'That code is not right.' } } } };
        }
        return { error: { message: 'Not found', httpStatus: 404 } };
      },
    });
    logIn('salim@dealer.test');
    const second = await screen.findByRole('form', { name: 'Two-factor sign-in' });
    expect(screen.getByText('One more step: your second factor.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Authentication code/), { target: { value: '12 34' } });
    act(() => screen.getByRole('button', { name: 'Verify' }).click());
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Authentication code/), { target: { value: '123 456' } });
    act(() => screen.getByLabelText('Remember this device for 30 days').click());
    act(() => screen.getByRole('button', { name: 'Verify' }).click());
    expect(await screen.findByText('/ page')).toBeInTheDocument();
    expect(second).not.toBeInTheDocument();
    expect(apiCalls.find((c) => c.procedure === 'user.loginSecondFactor')?.input).toEqual({ challenge: 'the-challenge', code: '123456', rememberDevice: true });
    expect(JSON.parse(window.localStorage.getItem('auth') ?? 'null')).toMatchObject({ token: 'second-step-token' });
    expect(JSON.parse(window.localStorage.getItem('trustedDevices') ?? '{}')).toEqual({ 'salim@dealer.test': 'device-token' });
  });
});
