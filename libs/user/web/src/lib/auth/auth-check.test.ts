import { TRPCClientError } from '@trpc/client';
import { checkAccess, isUnauthenticated } from './auth-check';

const user = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Juma', email: 'j@mail.co.ke', phone: '0712', address: 'Mombasa', staffRole: null, emailVerified: true };

/** A tRPC failure as the client sees it when the server answered `httpStatus`. */
function failure(httpStatus: number) {
  return new TRPCClientError('refused', {
    result: { error: { message: 'refused', code: -32001, data: { code: 'ERROR', httpStatus } } },
  });
}

describe('checkAccess', () => {
  it('lets any signed-in user into the user area, only admins into the admin area', () => {
    expect(checkAccess('user', { user: { ...user, role: 0 } })).toBe('ok');
    expect(checkAccess('user', { user: { ...user, role: 1, staffRole: 'owner' as const } })).toBe('ok');
    expect(checkAccess('admin', { user: { ...user, role: 1, staffRole: 'owner' as const } })).toBe('ok');
    expect(checkAccess('admin', { user: { ...user, role: 0 } })).toBe('forbidden');
  });

  it('tells a missing or invalid token (401) from a refusal (403) and from no answer', () => {
    expect(checkAccess('user', { error: failure(401) })).toBe('unauthenticated');
    expect(checkAccess('admin', { error: failure(403) })).toBe('forbidden');
    expect(checkAccess('user', { error: failure(500) })).toBe('unreachable');
    expect(checkAccess('user', { error: new TypeError('Failed to fetch') })).toBe('unreachable');
    expect(checkAccess('user', {})).toBe('unreachable');
  });

  it('knows which failures are worth no retry', () => {
    expect(isUnauthenticated(failure(401))).toBe(true);
    expect(isUnauthenticated(failure(500))).toBe(false);
    expect(isUnauthenticated(new TypeError('Failed to fetch'))).toBe(false);
  });
});
