import { restoreFetch, storeSession, stubFetch } from '../../testing/render';
import { checkAuth } from './auth-check';
import { authFetch } from './auth-fetch';

describe('authFetch', () => {
  afterEach(() => {
    restoreFetch();
    window.localStorage.clear();
  });

  it('sends the stored token as a bearer token', async () => {
    storeSession({ name: 'Juma', role: 0 }, 'abc.def');
    const calls = stubFetch(() => ({ status: 200, body: { ok: true } }));
    await authFetch('/api/user/user-auth', { headers: { 'X-Test': '1' } });
    expect(calls).toEqual([
      {
        path: '/api/user/user-auth',
        headers: { Accept: 'application/json', 'X-Test': '1', Authorization: 'Bearer abc.def' },
      },
    ]);
  });

  it('sends no Authorization header without a session', async () => {
    const calls = stubFetch(() => ({ status: 401, body: { ok: false } }));
    await authFetch('/api/user/user-auth');
    expect(calls[0].headers).not.toHaveProperty('Authorization');
  });
});

describe('checkAuth', () => {
  const answering = (status: number, body: unknown) => async () => ({
    status,
    ok: status < 300,
    json: async () => body,
  });

  it('calls the area check and reads {ok}', async () => {
    const paths: string[] = [];
    const ok = await checkAuth('admin', async (path) => {
      paths.push(path);
      return answering(200, { ok: true })();
    });
    expect(ok).toBe('ok');
    expect(paths).toEqual(['/api/user/admin-auth']);
    expect(await checkAuth('user', answering(200, { ok: true }))).toBe('ok');
  });

  it('tells a refused session (403, or ok:false) from a missing or invalid token (401)', async () => {
    expect(await checkAuth('admin', answering(403, { ok: false }))).toBe('forbidden');
    expect(await checkAuth('admin', answering(200, { ok: false }))).toBe('forbidden');
    expect(await checkAuth('user', answering(401, { ok: false }))).toBe('unauthenticated');
  });

  it('treats an unreadable answer as refused and lets network failures reject', async () => {
    const garbage = async () => ({
      status: 200,
      ok: true,
      json: async () => Promise.reject(new SyntaxError('bad json')),
    });
    expect(await checkAuth('user', garbage)).toBe('forbidden');
    await expect(checkAuth('user', () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
