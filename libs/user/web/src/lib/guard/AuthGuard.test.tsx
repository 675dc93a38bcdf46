import { act, screen } from '@testing-library/react';
import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { renderApp, storeSession } from '../../testing/render';
import { AuthGuard } from './AuthGuard';

function location() {
  return screen.getByTestId('location').textContent;
}

/** Lets the countdown run `seconds` ticks (each tick schedules the next after rendering). */
function runCountdown(seconds: number) {
  for (let i = 0; i < seconds; i += 1) act(() => jest.advanceTimersByTime(1000));
}

/** `user.me` answering with the signed-in user. */
function meAnswers(user: { name: string; role: 0 | 1 }): FakeApi {
  return (procedure) =>
    procedure === 'user.me'
      ? {
          data: {
            id: '00000000-0000-4000-8000-0000000000aa',
            email: 'someone@mail.co.ke',
            phone: '0712000000',
            address: 'Mombasa',
            ...user,
          },
        }
      : { error: { message: `unexpected ${procedure}`, httpStatus: 500 } };
}

function renderGuarded(area: 'admin' | 'user', route: string, api?: FakeApi) {
  return renderApp(
    <AuthGuard area={area}>
      <h1>Protected screen</h1>
    </AuthGuard>,
    { route, path: `/dashboard/${area}/*`, otherPaths: ['/login'], api },
  );
}

describe('AuthGuard', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    window.localStorage.clear();
  });

  it('counts a guest down from 3 and sends them to /login carrying the target, without asking the server', () => {
    const { apiCalls } = renderGuarded('user', '/dashboard/user/order', meAnswers({ name: 'Juma', role: 0 }));

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
    expect(apiCalls).toEqual([]);
  });

  it('shows the admin area once the server confirms an admin, sending the token', async () => {
    storeSession({ name: 'Amina', role: 1 }, 'admin-token');
    const { apiCalls, apiRequests } = renderGuarded('admin', '/dashboard/admin', meAnswers({ name: 'Amina', role: 1 }));

    expect(await screen.findByRole('heading', { name: 'Protected screen' })).toBeInTheDocument();
    expect(apiCalls).toEqual([{ procedure: 'user.me', input: undefined }]);
    expect(apiRequests).toEqual([{ procedures: ['user.me'], headers: expect.objectContaining({ Authorization: 'Bearer admin-token' }) }]);
  });

  it('lets any signed-in user into the user area', async () => {
    storeSession({ name: 'Juma', role: 0 }, 'user-token');
    renderGuarded('user', '/dashboard/user', meAnswers({ name: 'Juma', role: 0 }));
    expect(await screen.findByRole('heading', { name: 'Protected screen' })).toBeInTheDocument();
  });

  it('sends a customer away from the admin area after the countdown, keeping their session', async () => {
    storeSession({ name: 'Juma', role: 0 }, 'user-token');
    renderGuarded('admin', '/dashboard/admin/cars', meAnswers({ name: 'Juma', role: 0 }));

    expect(await screen.findByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
    runCountdown(3);
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fadmin%2Fcars');
    expect(window.localStorage.getItem('auth')).not.toBeNull();
  });

  it('goes by the role the server reports, not the stored one', async () => {
    // A session stored while the account was an admin; the server now says customer.
    storeSession({ name: 'Juma', role: 1 }, 'user-token');
    renderGuarded('admin', '/dashboard/admin', meAnswers({ name: 'Juma', role: 0 }));
    expect(await screen.findByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
    expect(screen.queryByText('Protected screen')).not.toBeInTheDocument();
  });

  it('drops an expired session (401) and counts down, asking once', async () => {
    storeSession({ name: 'Juma', role: 0 }, 'expired');
    const { apiCalls } = renderGuarded('user', '/dashboard/user/profile', () => ({
      error: { message: 'Please log in', httpStatus: 401 },
    }));

    expect(await screen.findByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).toBeNull();
    runCountdown(3);
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fuser%2Fprofile');
    expect(apiCalls).toHaveLength(1);
  });

  it('counts down when the check cannot reach the server, keeping the session', async () => {
    storeSession({ name: 'Juma', role: 0 });
    // The default fake API fails every call as a network error.
    renderGuarded('user', '/dashboard/user');
    expect(await screen.findByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).not.toBeNull();
  });
});
