import { DomainError, ErrorCode, text } from '@dealership/shared-schemas';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, authedProcedure, createCallerFactory, observeProcedureCalls, publicProcedure, router, type TrpcContext } from './trpc';

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
  stub: publicProcedure.query(() => {
    throw new DomainError(ErrorCode.NotImplemented, 'lead.approve is not implemented yet');
  }),
  validated: publicProcedure.input(z.object({ price: z.number({ error: 'Price is required' }), note: text().optional() })).query(({ input }) => input.price),
  broken: publicProcedure.query(() => {
    throw new Error('Failed query: select 1\nparams: hunter2');
  }),
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
    // A generated procedure whose body is not written yet (workspace-plugin's `procedure`): 501.
    await expect(caller(null).stub()).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED', message: 'lead.approve is not implemented yet' });
  });

  it('rejects invalid input as BAD_REQUEST with the field message', async () => {
    await expect(caller(null).validated({} as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('error formatter', () => {
  const shapeOf = async (call: Promise<unknown>) => {
    const error = await call.catch((e: unknown) => e);
    if (!(error instanceof TRPCError)) throw new Error('expected a TRPCError');
    return getTRPCErrorShape({ config: testRouter._def._config, error, type: 'query', path: 'validated', input: undefined, ctx: undefined });
  };

  it("says an invalid input's first problem in words, with every field's messages in data.fieldErrors", async () => {
    const shape = await shapeOf(caller(null).validated({ price: 'x', note: '\u0000' } as never));
    expect(shape.message).toBe('Price is required');
    expect(shape.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, path: 'validated', fieldErrors: { price: ['Price is required'] }, field: null });
    const nul = await shapeOf(caller(null).validated({ price: 1, note: 'a\u0000' } as never));
    expect(nul.message).toBe('note must not contain control characters');
    expect(nul.data.fieldErrors).toEqual({ note: ['note must not contain control characters'] });
  });

  it('keeps domain messages and hides internal ones', async () => {
    expect((await shapeOf(caller(null).taken())).message).toBe('Email already registered');
    expect((await shapeOf(caller(null).taken())).data).toMatchObject({ field: 'email', fieldErrors: null, httpStatus: 409 });
    const internal = await shapeOf(caller(null).broken());
    expect(internal.message).toBe('Internal server error');
    expect(JSON.stringify(internal)).not.toContain('hunter2');
  });
});

describe('procedure call observer (the metrics)', () => {
  it('is told of each call with its path, ok or the code it answered (domain errors mapped), and its duration', async () => {
    const calls: [string, string, number][] = [];
    observeProcedureCalls((path, outcome, seconds) => calls.push([path, outcome, seconds]));
    await caller(null).open();
    await caller(null).missing().catch(() => undefined);
    await caller(null).mine().catch(() => undefined);
    await caller(null).validated({} as never).catch(() => undefined);
    await caller(null).broken().catch(() => undefined);
    expect(calls.map(([path, outcome]) => `${path} ${outcome}`)).toEqual([
      'open ok',
      'missing NOT_FOUND',
      'mine UNAUTHORIZED',
      'validated BAD_REQUEST',
      'broken INTERNAL_SERVER_ERROR',
    ]);
    for (const [, , seconds] of calls) expect(seconds).toBeGreaterThanOrEqual(0);
  });
});
