import { createTRPCUntypedClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { callsOf, createFakeTrpcFetch, createHold, type FakeApi, type FakeCall, type FakeTrpcOptions } from './index';

function client(api: FakeApi, options: FakeTrpcOptions = {}) {
  const fake = createFakeTrpcFetch(api, options);
  return { ...fake, client: createTRPCUntypedClient<AnyRouter>({ links: [httpBatchLink({ url: '/trpc', fetch: fake.fetch })] }) };
}

async function failure(promise: Promise<unknown>): Promise<TRPCClientError<AnyRouter>> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TRPCClientError)) throw new Error(`expected a tRPC error, got ${String(error)}`);
  return error;
}

describe('createFakeTrpcFetch', () => {
  it('records the inputs of queries (query string) and of mutations (POST body)', async () => {
    const { client: trpc, calls } = client(() => ({ data: 'ok' }));
    await trpc.query('car.bySlug', { slug: 'toyota-prado' });
    await trpc.mutation('car.remove', { id: 'c1' });
    expect(calls).toEqual([
      { procedure: 'car.bySlug', input: { slug: 'toyota-prado' }, batch: 1 },
      { procedure: 'car.remove', input: { id: 'c1' }, batch: 2 },
    ]);
    expect(callsOf(calls, 'car.remove')).toEqual([calls[1]]);
  });

  it('sends a refusal as the API error formatter shapes it: status from the code, field and zod-like fieldErrors', async () => {
    const { client: trpc } = client(() => ({
      error: { code: 'CONFLICT', message: 'A brand named Mazda already exists', field: 'name', fieldErrors: { name: ['Taken'] } },
    }));
    const error = await failure(trpc.mutation('brand.create', { name: 'Mazda' }));
    expect(error.message).toBe('A brand named Mazda already exists');
    expect(error.data).toEqual({ code: 'CONFLICT', httpStatus: 409, path: 'brand.create', fieldErrors: { name: ['Taken'] }, field: 'name' });
  });

  it('takes any HTTP status instead of a code; the message defaults to the code', async () => {
    const { client: trpc } = client((procedure) => ({ error: procedure === 'order.place' ? { httpStatus: 402 } : { httpStatus: 418 } }));
    const declined = await failure(trpc.mutation('order.place', {}));
    expect(declined.message).toBe('PAYMENT_REQUIRED');
    expect(declined.data).toEqual({ code: 'PAYMENT_REQUIRED', httpStatus: 402, path: 'order.place', fieldErrors: null, field: null });
    expect((await failure(trpc.query('odd.one'))).data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 418 });
  });

  it('holds mutations, not queries, until the test releases them', async () => {
    const hold = createHold();
    const calls: FakeCall[] = [];
    const { client: trpc } = client(() => ({ data: 'done' }), { calls, holdWrites: hold.wait });
    let saved = false;
    const saving = trpc.mutation('car.update', { id: 'c1' }).then(() => (saved = true));
    expect(await trpc.query('car.list')).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(saved).toBe(false);
    hold.release();
    await saving;
    expect(callsOf(calls, 'car.update')).toHaveLength(1);
  });

  it('fails like the network when the answer throws', async () => {
    const { client: trpc } = client(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(trpc.query('user.me'));
    expect(error.data).toBeUndefined();
  });
});
