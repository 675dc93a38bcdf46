import { hasControlCharacters } from '@dealership/shared-schemas';
import { createModuleTestApp, insertBrand, insertCar } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

// Control characters PostgreSQL refuses (NUL) or that no form has a use for; tab, LF and CR pass.
const callerFor = (r: CarRouter['router']) => createCallerFactory(r)({ user: null, ip: '127.0.0.1' });

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];

describe('car inputs with control characters (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let caller: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const toyota = await insertBrand(handle.db, { name: 'Toyota' });
    await insertCar(handle.db, { name: 'Toyota Vitz', brandId: toyota.id });
    app = await createModuleTestApp(handle, [CarModule]);
    caller = callerFor(app.get(CarRouter).router);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('REST: a control character in the search text is a 400 naming searchQuery, never a 500', async () => {
    for (const control of CONTROLS) {
      const res = await get(`/api/car/getAll-car?searchQuery=${encodeURIComponent(`vitz${control}`)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'searchQuery must not contain control characters',
        errors: [{ field: 'searchQuery', message: 'searchQuery must not contain control characters' }],
      });
    }
    // Tab, newline and carriage return are text.
    expect((await get(`/api/car/getAll-car?searchQuery=${encodeURIComponent('vitz\t')}`)).statusCode).toBe(200);
  });

  it('REST: control characters in path params are a 400 naming the param', async () => {
    const slug = await get('/api/car/getCarById-car/toyota%00vitz');
    expect(slug.statusCode).toBe(400);
    expect(slug.json().message).toBe('slug must not contain control characters');
    const related = await get(`/api/car/related-car/%00/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`);
    expect(related.statusCode).toBe(400);
    expect(related.json().message).toContain('carId');
  });

  it('tRPC: every free-text input of car.list and car.bySlug refuses control characters with BAD_REQUEST', async () => {
    const inputs = [{ search: 'vitz\u0000' }, { make: 'Toy\u0000ota' }, { brands: ['toyota', '\u0000'] }, { brands: 'toyota,\u001b' }];
    for (const input of inputs) {
      const error = await caller.list(input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
    }
    await expect(caller.bySlug({ slug: 'toyota-vitz\u0000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('any search text answers 200 or 400, and 400 exactly when it holds a control character or is one character long (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom(...CONTROLS, 'a', 'Z', ' ', '%', '_', '\t', '\n', 'é', '\ud83d\ude97'), maxLength: 12 }),
        async (search) => {
          const res = await get(`/api/car/getAll-car?searchQuery=${encodeURIComponent(search)}`);
          // One character (after trimming) is refused too: it would match most of the catalogue.
          expect(res.statusCode).toBe(hasControlCharacters(search) || search.trim().length === 1 ? 400 : 200);
        },
      ),
      { numRuns: 150 },
    );
  });
});
