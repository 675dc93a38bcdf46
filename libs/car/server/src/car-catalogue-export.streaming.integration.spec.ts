import { createModuleTestApp, insertBrand } from '@dealership/app-schema/testing';
import { carImages, cars } from '@dealership/car-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import { get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CarCatalogueExport } from './car-catalogue-export';
import { CarModule } from './car.module';

/**
 * Enough cars for an uncompressed body several times what the kernel buffers for one loopback
 * connection whose reader has stopped (a few MB), so a server that ignored back-pressure would be
 * seen holding the rest itself.
 */
const CARS = 12_000;

/** Resolves once `read()` has returned the same value for `quietMs`; fails after `timeoutMs`. */
async function settled(read: () => number, quietMs = 400, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  let last = read();
  let since = Date.now();
  while (Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = read();
    if (now !== last) [last, since] = [now, Date.now()];
    else if (Date.now() - since >= quietMs) return now;
  }
  throw new Error(`still changing after ${timeoutMs} ms`);
}

describe('getAll-car to readers that stop reading (integration, real database and sockets)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let exporter: CarCatalogueExport;
  let port: number;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const brand = await insertBrand(handle.db, { name: 'Bulk Motors' });
    for (let start = 0; start < CARS; start += 1000) {
      await handle.db.insert(cars).values(
        Array.from({ length: 1000 }, (_, i) => ({
          brandId: brand.id,
          name: `Bulk Car ${start + i}`,
          slug: `bulk-car-${start + i}`,
          description: `Bulk Car ${start + i}, one owner, full service history, in good condition.`,
          price: 1_000_000 + start + i,
          fuelType: 'Petrol' as const,
          transmission: 'Automatic' as const,
          engineSize: 1500,
          mileage: 50_000,
          year: 2018,
          drive: '2 WD' as const,
          condition: 'Foreign Used' as const,
          bodyType: 'Sedan' as const,
        })),
      );
    }
    await handle.db.execute(
      sql`insert into ${carImages} (car_id, url, public_id, position) select id, '/media/cars/' || slug || '.webp', 'cars/' || slug, 0 from ${cars}`,
    );
    app = await createModuleTestApp(handle, [CarModule]);
    await app.listen(0, '127.0.0.1');
    const server = app.getHttpServer() as Server;
    server.on('request', (request: IncomingMessage, response: ServerResponse) =>
      serverSides.set(String(request.headers['x-reader']), response.socket as Socket),
    );
    port = (server.address() as AddressInfo).port;
    exporter = app.get(CarCatalogueExport);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** The server's socket of each request, by the `x-reader` header the test gave it. */
  const serverSides = new Map<string, Socket>();
  let readers = 0;

  /** A request on its own connection whose response is paused as soon as it starts, with the server's side of it. */
  const pausedRequest = (encoding: string) =>
    new Promise<{ client: IncomingMessage; socket: Socket }>((resolve, reject) => {
      const reader = String(++readers);
      const headers = { 'accept-encoding': encoding, 'x-reader': reader };
      get({ port, host: '127.0.0.1', path: '/api/car/getAll-car', headers, agent: false }, (client) => {
        client.pause();
        const socket = serverSides.get(reader);
        if (!socket) return reject(new Error('the server side of the request was not seen'));
        resolve({ client, socket });
      }).on('error', reject);
    });

  const readAll = (client: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const parts: Buffer[] = [];
      client.on('data', (chunk: Buffer) => parts.push(chunk));
      client.on('end', () => resolve(Buffer.concat(parts)));
      client.on('error', reject);
      client.resume();
    });

  it('writes only what the socket takes while the reader has stopped, and the rest once it reads again', async () => {
    // The catalogue built first, so its size is known.
    const built = await exporter.legacyCatalogue();
    await built.finished;
    const total = built.length ?? 0;
    expect(total).toBeGreaterThan(10_000_000);

    const { client, socket } = await pausedRequest('identity');
    const written = await settled(() => socket.bytesWritten);
    // What the kernel took for the stalled reader plus a little queued in the process: not the body.
    expect(written).toBeLessThan(total / 2);
    expect(socket.writableLength).toBeLessThan(1024 * 1024);

    const body = await readAll(client);
    expect(body.length).toBe(total);
    const parsed = JSON.parse(body.toString('utf8')) as { totalCar: number; cars: unknown[] };
    expect(parsed.totalCar).toBe(CARS);
    expect(parsed.cars).toHaveLength(CARS);
  }, 120_000);

  it('holds little per reader when ten stop at once, all of them served from the one build', async () => {
    const built = await exporter.legacyCatalogue();
    await built.finished;
    const total = built.length ?? 0;
    const builds = exporter.builds;
    const requests = await Promise.all(Array.from({ length: 10 }, () => pausedRequest('identity')));
    await settled(() => requests.reduce((sum, { socket }) => sum + socket.bytesWritten, 0));
    for (const { socket } of requests) {
      expect(socket.bytesWritten).toBeLessThan(total / 2);
      expect(socket.writableLength).toBeLessThan(1024 * 1024);
    }
    expect(exporter.builds).toBe(builds);
    const bodies = await Promise.all(requests.map(({ client }) => readAll(client)));
    for (const body of bodies) expect(body.length).toBe(total);
  }, 120_000);
});
