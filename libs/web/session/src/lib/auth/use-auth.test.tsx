import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { readAuthToken, SIGN_OUT_WAIT_MS, useAuth } from './use-auth';

const amina = {
  user: { id: 'u1', name: 'Amina', email: 'amina@mail.co.ke', phone: '0712000111', address: 'Nyali', role: 1 as const, staffRole: 'owner' as const, emailVerified: true },
  token: 'admin-token',
};
const juma = {
  user: { id: 'u2', name: 'Juma', email: 'juma@mail.co.ke', phone: '0712000222', address: 'Bamburi', role: 0 as const, staffRole: null, emailVerified: false },
  token: 'user-token',
};

function withClient(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

describe('useAuth', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores the session under auth and derives the dashboard', () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current.isLoggedIn).toBe(false);
    act(() => result.current.login(amina));
    expect(JSON.parse(window.localStorage.getItem('auth') ?? 'null')).toEqual(amina);
    expect(result.current.isAdmin).toBe(true);
    expect(result.current.dashboardPath).toBe('/dashboard/admin');
    expect(readAuthToken()).toBe('admin-token');

    act(() => result.current.login(juma));
    expect(result.current.dashboardPath).toBe('/dashboard/user');
  });

  it('clears cached queries on logout and when another account logs in, not on a profile update', () => {
    const queryClient = new QueryClient();
    const { result } = renderHook(() => useAuth(), { wrapper: withClient(queryClient) });
    const cacheSize = () => queryClient.getQueryCache().getAll().length;

    act(() => result.current.login(juma));
    queryClient.setQueryData(['orders'], ['order-1']);
    // Same token: the stored user changes (profile update), the cache stays.
    act(() => result.current.login({ ...juma, user: { ...juma.user, name: 'Juma Said' } }));
    expect(cacheSize()).toBe(1);

    act(() => result.current.login(amina));
    expect(cacheSize()).toBe(0);

    queryClient.setQueryData(['orders'], ['order-2']);
    act(() => result.current.logout());
    expect(cacheSize()).toBe(0);
    expect(window.localStorage.getItem('auth')).toBeNull();
    expect(result.current.session).toBeNull();
  });

  it('signs out: ends the session on the server with the stored token, then clears it here', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper: withClient(new QueryClient()) });
    act(() => result.current.login(juma));
    const tokensSeen: (string | null)[] = [];
    await act(() => result.current.signOut(async () => tokensSeen.push(readAuthToken())));
    expect(tokensSeen).toEqual(['user-token']);
    expect(result.current.session).toBeNull();
    expect(window.localStorage.getItem('auth')).toBeNull();
  });

  it('signs out here even when the server call fails or hangs', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper: withClient(new QueryClient()) });
    act(() => result.current.login(juma));
    await act(() => result.current.signOut(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(result.current.session).toBeNull();

    act(() => result.current.login(juma));
    jest.useFakeTimers();
    try {
      let signedOut: Promise<void> = Promise.resolve();
      act(() => {
        signedOut = result.current.signOut(() => new Promise(() => undefined));
      });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(SIGN_OUT_WAIT_MS);
        await signedOut;
      });
      expect(result.current.session).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('ignores a stored session without a token or role', () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: { ...juma.user, role: undefined }, token: 'abc' }));
    const { result } = renderHook(() => useAuth());
    expect(result.current.session).toBeNull();
    expect(readAuthToken()).toBeNull();

    window.localStorage.setItem('auth', JSON.stringify({ user: juma.user, token: '' }));
    expect(renderHook(() => useAuth()).result.current.session).toBeNull();
  });

  it('converts a session stored before the contract rename (the user id as _id)', () => {
    const { id, ...legacyUser } = amina.user;
    window.localStorage.setItem('auth', JSON.stringify({ user: { _id: id, ...legacyUser }, token: amina.token }));
    const { result } = renderHook(() => useAuth());
    expect(result.current.session).toEqual(amina);
    expect(result.current.isAdmin).toBe(true);
    expect(readAuthToken()).toBe('admin-token');
  });

  it('keeps only the user fields of the contract, and drops a user without an id or a known role', () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: { ...juma.user, password: 'x', extra: 1 }, token: juma.token }));
    expect(renderHook(() => useAuth()).result.current.session).toEqual(juma);

    const { id: _, ...withoutId } = juma.user;
    for (const user of [withoutId, { ...juma.user, role: 2 }, { ...juma.user, email: 7 }]) {
      window.localStorage.setItem('auth', JSON.stringify({ user, token: juma.token }));
      expect(renderHook(() => useAuth()).result.current.session).toBeNull();
    }
  });
});
