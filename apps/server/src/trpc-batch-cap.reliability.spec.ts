import { TRPC_LIMITS } from '@dealership/shared-schemas';
import { useWholeServer } from './testing/whole-server';

/** `car.list` `count` times in one batch path, its commas percent-encoded `encodings` times. */
function batchPath(count: number, encodings: number): string {
  const comma = encodings === 0 ? ',' : encodings === 1 ? '%2C' : '%252C';
  return Array.from({ length: count }, () => 'car.list').join(comma);
}

/**
 * The tRPC batch cap against a crafted path, through the whole server: the path is decoded once by
 * Fastify and once more by the handler before it is split into calls, so commas encoded twice
 * (`%252C`) used to be counted as one call and run hundreds of catalogue queries per request.
 */
describe.each(['custom', 'official'])('tRPC batch cap, TRPC_TRANSPORT=%s (reliability: the whole server)', (transport) => {
  const server = useWholeServer({ TRPC_TRANSPORT: transport });

  /** A batch GET of `count` `car.list` calls, each with an empty filter (the first page of the catalogue). */
  const get = (count: number, encodings: number) => {
    const input = Object.fromEntries(Array.from({ length: count }, (_, index) => [index, {}]));
    return server.app.inject({ method: 'GET', url: `/trpc/${batchPath(count, encodings)}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}` });
  };

  it.each([0, 1, 2])('refuses 200 calls with 400 before any runs, whether the commas are encoded 0, 1 or 2 times (%i)', async (encodings) => {
    const res = await get(200, encodings);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { message: `A batch may hold at most ${TRPC_LIMITS.maxBatchCalls} calls (this one has 200)`, data: { code: 'BAD_REQUEST', httpStatus: 400 } },
    });
  });

  it('still answers a full batch, however its commas are encoded, with one result per call', async () => {
    for (const encodings of [0, 1, 2]) {
      const res = await get(TRPC_LIMITS.maxBatchCalls, encodings);
      expect({ encodings, status: res.statusCode }).toEqual({ encodings, status: 200 });
      expect(res.json()).toHaveLength(TRPC_LIMITS.maxBatchCalls);
    }
  });
});
