import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { z } from 'zod';
import { adminProcedure, authedProcedure, createCallerFactory, publicProcedure, router, type TrpcContext } from './trpc';

const testRouter = router({
  open: publicProcedure.query(() => 'open'),
  mine: authedProcedure.query(({ ctx }) => ctx.user.email),
  admin: adminProcedure.query(() => 'admin'),
  missing: publicProcedure.query(() => {
    throw new DomainError(ErrorCode.NotFound, 'Car not found: x');
  }),
  taken: publicProcedure.query(() => {
    throw new DomainError(ErrorCode.Conflict, 'Email already registered', 'email');
  }),
  validated: publicProcedure.input(z.object({ price: z.number({ error: 'Price is required' }) })).query(({ input }) => input.price),
});
const caller = (user: TrpcContext['user']) => createCallerFactory(testRouter)({ user, ip: '127.0.0.1' });
const customer = { id: 'u1', name: 'Amina', email: 'amina@example.com', role: 0 as const };
const admin = { id: 'a1', name: 'Boss', email: 'boss@example.com', role: 1 as const };

describe('procedures', () => {
  it.each([
    ['guest', null, { open: 'ok', mine: 'UNAUTHORIZED', admin: 'UNAUTHORIZED' }],
    ['customer', customer, { open: 'ok', mine: 'ok', admin: 'FORBIDDEN' }],
    ['admin', admin, { open: 'ok', mine: 'ok', admin: 'ok' }],
  ] as const)('%s: authorization is enforced by the procedure', async (_who, user, expected) => {
    for (const [name, outcome] of Object.entries(expected) as [keyof typeof expected, string][]) {
      const call = caller(user)[name]();
      if (outcome === 'ok') await expect(call).resolves.toBeDefined();
      else await expect(call).rejects.toMatchObject({ code: outcome });
    }
  });

  it('turns domain errors into the matching tRPC code with their message', async () => {
    await expect(caller(null).missing()).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Car not found: x' });
    await expect(caller(null).taken()).rejects.toMatchObject({ code: 'CONFLICT', message: 'Email already registered' });
  });

  it('rejects invalid input as BAD_REQUEST with the field message', async () => {
    await expect(caller(null).validated({} as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
