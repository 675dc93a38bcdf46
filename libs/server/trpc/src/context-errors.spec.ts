import { TRPCError } from '@trpc/server';
import { rethrowContextError } from './context-errors';
import { createCallerFactory, publicProcedure, router } from './trpc';

// What Drizzle throws while the PostgreSQL server restarts.
const outage = () =>
  new Error('Failed query: select 1\nparams: ', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
const UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is temporarily unavailable, please try again shortly',
  cause: expect.objectContaining({ retryAfterSeconds: 5 }),
};

describe('a database outage over tRPC', () => {
  const caller = createCallerFactory(
    router({
      down: publicProcedure.query(() => {
        throw outage();
      }),
      broken: publicProcedure.query(() => {
        throw new Error('boom');
      }),
    }),
  )({ user: null, ip: '127.0.0.1' });

  it('makes a procedure answer SERVICE_UNAVAILABLE with a retry delay (the Retry-After header)', async () => {
    await expect(caller.down()).rejects.toMatchObject(UNAVAILABLE);
    await expect(caller.broken()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });

  it('does the same for the request context (the token lookup), and rethrows anything else untouched', () => {
    let thrown: unknown;
    try {
      rethrowContextError(outage());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TRPCError);
    expect(thrown).toMatchObject(UNAVAILABLE);
    const other = new Error('boom');
    expect(() => rethrowContextError(other)).toThrow(other);
  });
});
