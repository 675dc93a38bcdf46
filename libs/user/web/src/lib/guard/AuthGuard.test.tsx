import { act, screen } from '@testing-library/react';
import { renderApp, restoreFetch, storeSession, stubFetch } from '../../testing/render';
import { AuthGuard } from './AuthGuard';

function location() {
  return screen.getByTestId('location').textContent;
}

/** Lets the countdown run `seconds` ticks (each tick schedules the next after rendering). */
function runCountdown(seconds: number) {
  for (let i = 0; i < seconds; i += 1) act(() => jest.advanceTimersByTime(1000));
}

function renderGuarded(area: 'admin' | 'user', route: string) {
  return renderApp(
    <AuthGuard area={area}>
      <h1>Protected screen</h1>
    </AuthGuard>,
    { route, path: `/dashboard/${area}/*`, otherPaths: ['/login'] },
  );
}

describe('AuthGuard', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    restoreFetch();
    window.localStorage.clear();
  });

  it('counts a guest down from 3 and sends them to /login carrying the target, without asking the server', () => {
    const calls = stubFetch(() => ({ status: 200, body: { ok: true } }));
    renderGuarded('user', '/dashboard/user/order');

    expect(screen.getByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('heading', { name: 'redirecting to you in 2 second' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('heading', { name: 'redirecting to you in 1 second' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard/user/order');

    act(() => jest.advanceTimersByTime(1000));
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fuser%2Forder');
    expect(screen.getByText('/login page')).toBeInTheDocument();
    expect(screen.queryByText('Protected screen')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the admin area once the server says ok, sending the token', async () => {
    storeSession({ name: 'Amina', role: 1 }, 'admin-token');
    const calls = stubFetch(() => ({ status: 200, body: { ok: true } }));
    renderGuarded('admin', '/dashboard/admin');

    expect(await screen.findByRole('heading', { name: 'Protected screen' })).toBeInTheDocument();
    expect(calls).toEqual([
      { path: '/api/user/admin-auth', headers: expect.objectContaining({ Authorization: 'Bearer admin-token' }) },
    ]);
  });

  it('sends a customer away from the admin area after the countdown, keeping their session', async () => {
    storeSession({ name: 'Juma', role: 0 }, 'user-token');
    stubFetch(() => ({ status: 403, body: { ok: false } }));
    renderGuarded('admin', '/dashboard/admin/cars');

    expect(await screen.findByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
    runCountdown(3);
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fadmin%2Fcars');
    expect(window.localStorage.getItem('auth')).not.toBeNull();
  });

  it('drops an expired session (401) and counts down', async () => {
    storeSession({ name: 'Juma', role: 0 }, 'expired');
    stubFetch(() => ({ status: 401, body: { ok: false } }));
    renderGuarded('user', '/dashboard/user/profile');

    expect(await screen.findByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).toBeNull();
    runCountdown(3);
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fuser%2Fprofile');
  });

  it('counts down when the check cannot reach the server', async () => {
    storeSession({ name: 'Juma', role: 0 });
    Object.assign(globalThis, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderGuarded('user', '/dashboard/user');
    expect(await screen.findByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
  });
});
