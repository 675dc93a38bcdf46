import type { Car } from '@dealership/car-schemas';
import { brandImages, brands } from '@dealership/brand-data';
import { carImages, carQueries, cars } from '@dealership/car-data';
import { type Database, DB, executeRows } from '@dealership/server-db';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { and, asc, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable, type Transform } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGunzip, createGzip } from 'node:zlib';
import { toLegacyCar } from './car.legacy-shape';
import { carOrder, listedCars } from './car-filters';
import { chassisNumberEnd } from './car-json';

/** Cars read per query while the legacy catalogue is encoded (the memory in use stays that of one batch). */
export const CATALOGUE_BATCH_SIZE = Symbol('CATALOGUE_BATCH_SIZE');
const DEFAULT_BATCH_SIZE = 500;
/**
 * Cars per query of a streamed search: smaller than the export's, so that many searches at once
 * take turns often (each answer's socket hears from it well within the server's idle timeout).
 */
const SEARCH_BATCH_SIZE = 100;

/** Bumped when the encoding of the body changes, so a deploy never answers 304 with an older format's ETag. */
const FORMAT = 'legacy-all-cars/1';

/** The memory a kept body is copied into, a block at a time. */
const BODY_BLOCK_BYTES = 256 * 1024;

/**
 * A body written once and read by any number of responses, each from its start, while it is still
 * being written: requests that arrive during a build get their bytes as they are produced (a
 * waiting socket never sits silent past the server's timeouts), later ones get it whole.
 */
export class SharedBody {
  private readonly chunks: Buffer[] = [];
  private ended = false;
  private failure?: Error;
  private waiting: (() => void)[] = [];
  /** Bytes written so far (all of them once `complete`). */
  bytes = 0;

  get complete(): boolean {
    return this.ended;
  }

  /** Where the next chunk is copied: a block of its own memory, and how much of it is taken. */
  private block = Buffer.alloc(0);
  private blockUsed = 0;

  /**
   * Keeps a copy of `chunk`, packed with the ones before it. What a compressor emits is a slice of
   * a buffer from Node's shared pool, and a kept slice holds all of it: at 100,000 cars the two
   * bodies' 22 MB held 51-95 MB. Readers get each chunk as soon as it is pushed.
   */
  push(chunk: Buffer): void {
    if (this.blockUsed + chunk.length > this.block.length) {
      // Outside the pool: the block holds our bytes only. A chunk that does not fit leaves the
      // rest of the block unused, at most one compressor chunk (16 KB) in each 256 KB.
      this.block = Buffer.allocUnsafeSlow(Math.max(BODY_BLOCK_BYTES, chunk.length));
      this.blockUsed = 0;
    }
    chunk.copy(this.block, this.blockUsed);
    this.chunks.push(this.block.subarray(this.blockUsed, this.blockUsed + chunk.length));
    this.blockUsed += chunk.length;
    this.bytes += chunk.length;
    this.wake();
  }

  /** Bytes of memory the kept chunks hold: their blocks'. */
  get retainedBytes(): number {
    return [...new Set(this.chunks.map((chunk) => chunk.buffer))].reduce((sum, buffer) => sum + buffer.byteLength, 0);
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  fail(error: Error): void {
    this.failure = error;
    this.wake();
  }

  /** A stream of the whole body: what is written already, then the rest as it comes. */
  reader(): Readable {
    let next = 0;
    const stream: Readable = new Readable({
      read: () => {
        const pump = (): void => {
          if (this.failure) return void stream.destroy(this.failure);
          while (next < this.chunks.length) if (!stream.push(this.chunks[next++])) return;
          if (this.ended) return void stream.push(null);
          this.waiting.push(pump);
        };
        pump();
      },
    });
    return stream;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }
}

/** The legacy `getAll-car` body of one catalogue version, encoded once: gzip and brotli (identity is gunzipped). */
export interface EncodedCatalogue {
  readonly version: string;
  readonly etag: string;
  /** Bytes of the JSON itself, once the build is done. */
  length?: number;
  readonly gzip: SharedBody;
  readonly br: SharedBody;
  /** Settles when the build is done (rejects when it failed). */
  finished: Promise<void>;
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** The coding to answer with by `Accept-Encoding` (q-values honoured, `*` included): brotli, else gzip, else none. */
export function preferredCoding(header: string | undefined): ContentCoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for a GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Listed cars (or those `where` picks) after the car `afterId` in the newest-first order, with pictures and brand, as the repository loads them. */
function carBatch(db: Database, afterId: string | undefined, limit: number, where: SQL | undefined = listedCars()) {
  // The cursor is the last car itself (its exact microsecond `created_at`, which a JS Date would round).
  const after = afterId ? sql`(${cars.createdAt}, ${cars.id}) < (select c.created_at, c.id from cars c where c.id = ${afterId})` : undefined;
  return carQueries(db).cars.findMany({
    where: and(where, after),
    orderBy: carOrder('newest'),
    limit,
    columns: { brandId: false, searchText: false, modelSlug: false, chassisNumber: false, priceReducedAt: false, priceReducedBy: false },
    extras: { chassisNumberEnd: chassisNumberEnd.as('chassis_number_end') },
    with: {
      images: { columns: { url: true, publicId: true }, orderBy: [asc(carImages.position)] },
      brand: {
        columns: { id: true, name: true, slug: true },
        with: { images: { columns: { url: true, publicId: true }, orderBy: [asc(brandImages.position)] } },
      },
    },
  });
}

type CarRow = Awaited<ReturnType<typeof carBatch>>[number];
// The legacy export has no price cut or inspection (`toLegacyCar` leaves them out): not computed for it.
const toCar = (row: CarRow): Car => ({ ...row, priceReduction: null, inspected: false, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/**
 * The catalogue's version: counts and last changes of cars and brands. Every write moves it: an
 * insert or delete moves a count, an update (pictures and status included) moves `updated_at`, and
 * deleting a brand (its cars lose it) moves the brands' count. Read from the database, so every
 * instance of the server agrees on it; exact to the microsecond and independent of time zones.
 */
export async function catalogueVersion(db: Database): Promise<string> {
  const [row] = await executeRows<{ version: string }>(
    db,
    sql`select concat_ws(':', (select count(*) from ${cars}), (select extract(epoch from max(updated_at)) from ${cars}), (select count(*) from ${brands}), (select extract(epoch from max(updated_at)) from ${brands})) as version`,
  );
  return row.version;
}

/** Writes `chunk` to every stream and waits while any of them is full (the compressors set the pace). */
async function writeAll(streams: Transform[], chunk: string): Promise<void> {
  const full = streams.filter((stream) => !stream.write(chunk));
  await Promise.all(full.map((stream) => once(stream, 'drain')));
}

/**
 * The whole listed catalogue as exports read it: the legacy `getAll-car` body and the sitemap's
 * car pages. The legacy body is built from keyset batches inside one read-only snapshot (so
 * `totalCar`, written first, counts exactly the cars that follow), compressed as it is produced,
 * and kept per catalogue version; one build runs at a time and every request of that version
 * waits for it.
 */
@Injectable()
export class CarCatalogueExport {
  /** Builds started since start (tests count them). */
  builds = 0;
  /** Builds running now, and the most that ever ran at once (one: tests hold it to that). */
  buildsRunning = 0;
  mostBuildsRunning = 0;
  private readonly batchSize: number;
  /** The latest build: the version its request read, and the encoded body (once the build has started). */
  private current?: { requested: string; entry: Promise<EncodedCatalogue> };

  constructor(
    @Inject(DB) private readonly db: Database,
    @Optional() @Inject(CATALOGUE_BATCH_SIZE) batchSize?: number,
  ) {
    this.batchSize = batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /** The catalogue's version (`catalogueVersion`). */
  version(db: Database = this.db): Promise<string> {
    return catalogueVersion(db);
  }

  /**
   * The encoded legacy body of the current catalogue: the one built or being built for this
   * version, else a new build (after the running one ends: one build at a time). Resolves as soon
   * as the build has started; its bodies fill as it goes.
   */
  async legacyCatalogue(): Promise<EncodedCatalogue> {
    const version = await this.version();
    const known = this.current;
    if (known) {
      if (known.requested === version) return known.entry;
      const entry = await known.entry.catch(() => undefined);
      // The build read its own snapshot, which may be newer than the version its request read.
      if (entry?.version === version) return entry;
      if (this.current !== known) return this.legacyCatalogue();
    }
    const previous = known?.entry.then((entry) => entry.finished).catch(() => undefined);
    const entry = (async () => {
      await previous;
      return this.build();
    })();
    const slot = { requested: version, entry };
    this.current = slot;
    // A failed build is forgotten, so the next request tries again.
    const forget = () => {
      if (this.current === slot) this.current = undefined;
    };
    entry.then((built) => built.finished.catch(forget), forget);
    return entry;
  }

  /** Answers `getAll-car` (no search): 304 when the client has this version, else the body in the coding it accepts. */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const encoded = await this.legacyCatalogue();
    // Clients may keep it but must ask again: the ETag makes asking cheap.
    reply.header('etag', encoded.etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache');
    if (matchesEtag(request.headers['if-none-match'], encoded.etag)) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (coding === 'identity') {
      // Rare (clients send Accept-Encoding); the plain bytes are not kept, they are gunzipped as they go out.
      if (encoded.length !== undefined) reply.header('content-length', encoded.length);
      return reply.send(encoded.gzip.reader().pipe(createGunzip()));
    }
    // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
    const body = encoded[coding];
    if (body.complete) reply.header('content-length', body.bytes);
    return reply.header('content-encoding', coding).send(body.reader());
  }

  /**
   * The legacy `getAll-car?searchQuery=` body of the cars `where` picks, newest first, streamed in
   * keyset batches: a search matching most of the catalogue holds one batch per request, never the
   * whole match (20 at once at 100,000 cars stay within the plain export's memory). No snapshot is
   * held while a slow client reads (that would keep a pooled connection per reader) and no count
   * is made first (on the embedded engine twenty counts of the whole catalogue delay every answer
   * past the server's request timeout): `totalCar` comes after the cars and counts exactly those
   * sent (the same object to a JSON reader). The first batch is read before anything is answered,
   * so an outage is still a 503 rather than a cut 200.
   */
  async searchBody(where: SQL | undefined): Promise<Readable> {
    const { db } = this;
    const batchSize = Math.min(this.batchSize, SEARCH_BATCH_SIZE);
    const firstRows = await carBatch(db, undefined, batchSize, where);
    async function* chunks(): AsyncGenerator<string> {
      let rows = firstRows;
      let sent = 0;
      yield '{"success":true,"message":"All Cars","cars":[';
      while (rows.length > 0) {
        yield (sent === 0 ? '' : ',') + rows.map((row) => JSON.stringify(toLegacyCar(toCar(row)))).join(',');
        sent += rows.length;
        if (rows.length < batchSize) break;
        rows = await carBatch(db, rows[rows.length - 1].id, batchSize, where);
      }
      yield `],"totalCar":${sent}}`;
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  /**
   * Encodes the listed catalogue newest first, exactly as `JSON.stringify` would the legacy
   * envelope, in one read-only snapshot. Resolves once the snapshot's version is known (the bodies
   * then fill as the batches are read); `finished` settles at the end.
   */
  private build(): Promise<EncodedCatalogue> {
    this.builds++;
    this.buildsRunning++;
    this.mostBuildsRunning = Math.max(this.mostBuildsRunning, this.buildsRunning);
    const gzipBody = new SharedBody();
    const brBody = new SharedBody();
    return new Promise<EncodedCatalogue>((resolve, reject) => {
      const entry: { -readonly [K in keyof EncodedCatalogue]: EncodedCatalogue[K] } = {
        version: '',
        etag: '',
        gzip: gzipBody,
        br: brBody,
        finished: Promise.resolve(),
      };
      entry.finished = this.db.transaction(
        async (tx) => {
          entry.version = await this.version(tx);
          entry.etag = `W/"${createHash('sha256').update(`${FORMAT}:${entry.version}`).digest('base64url').slice(0, 27)}"`;
          const [{ total }] = await tx
            .select({ total: sql<number>`count(*)`.mapWith(Number) })
            .from(cars)
            .where(listedCars());
          const gzip = createGzip({ level: 6 });
          const br = createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } });
          const compressors: [Transform, SharedBody][] = [
            [gzip, gzipBody],
            [br, brBody],
          ];
          const outputs = Promise.all(
            compressors.map(
              ([stream, body]) =>
                new Promise<void>((done, fail) => {
                  stream.on('data', (chunk: Buffer) => body.push(chunk));
                  stream.on('end', done);
                  stream.on('error', fail);
                }),
            ),
          );
          resolve(entry);
          let length = 0;
          const write = (chunk: string) => {
            length += Buffer.byteLength(chunk);
            return writeAll([gzip, br], chunk);
          };
          try {
            await write(`{"success":true,"totalCar":${total},"message":"All Cars","cars":[`);
            let afterId: string | undefined;
            let first = true;
            for (;;) {
              const rows = await carBatch(tx, afterId, this.batchSize);
              if (rows.length === 0) break;
              const json = rows.map((row) => JSON.stringify(toLegacyCar(toCar(row)))).join(',');
              await write(first ? json : `,${json}`);
              first = false;
              afterId = rows[rows.length - 1].id;
              if (rows.length < this.batchSize) break;
            }
            await write(']}');
          } catch (error) {
            gzip.destroy();
            br.destroy();
            throw error;
          }
          gzip.end();
          br.end();
          await outputs;
          entry.length = length;
          gzipBody.end();
          brBody.end();
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      entry.finished
        .catch((error: Error) => {
          gzipBody.fail(error);
          brBody.fail(error);
          reject(error);
        })
        .finally(() => this.buildsRunning--);
    });
  }

  /** Listed cars' slugs and last changes in slug order, `limit` after the slug `after` (sitemap). */
  sitemapEntries(after: string | undefined, limit: number): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.db
      .select({ slug: cars.slug, updatedAt: cars.updatedAt })
      .from(cars)
      .where(and(listedCars(), after === undefined ? undefined : gt(cars.slug, after)))
      .orderBy(asc(cars.slug))
      .limit(limit);
  }
}
