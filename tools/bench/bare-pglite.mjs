// PGlite alone, as memory-bench.mjs measures its floor: a bare Node process opens an existing
// migrated data folder (argv[2]) with the server's extensions, runs the reads a catalogue page
// makes a few times, and prints its RSS as JSON. argv[3]: shared_buffers in MB, or "default" for
// PGlite's own 128 MB.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync } from 'node:fs';

const [dataDir, sharedBuffers = 'default'] = process.argv.slice(2);
const status = () => readFileSync('/proc/self/status', 'utf8');
const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status())?.[1] ?? 0) / 1024);

const startParams = sharedBuffers === 'default' ? undefined : [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}MB`];
const db = await PGlite.create({ dataDir, extensions: { pg_trgm }, startParams });
await db.query('select 1');
const opened = mb('VmRSS');
for (let i = 0; i < 5; i++) {
  await db.query(
    `select c.*, (select json_agg(i order by i.position) from car_images i where i.car_id = c.id) as images from cars c where c.status <> 'Sold' order by c.created_at desc, c.id desc limit 12`,
  );
  await db.query(`select count(*) from cars where status <> 'Sold'`);
  await db.query(`select * from brands b left join brand_images i on i.brand_id = b.id order by b.name`);
}
await new Promise((resolve) => setTimeout(resolve, 1000));
const { rows } = await db.query(`select current_setting('shared_buffers') as shared_buffers`);
const usage = process.memoryUsage();
console.log(
  JSON.stringify({
    sharedBuffers: rows[0].shared_buffers,
    openedRssMb: opened,
    rssMb: mb('VmRSS'),
    peakRssMb: mb('VmHWM'),
    heapTotalMb: Math.round(usage.heapTotal / 2 ** 20),
    // PGlite's WebAssembly memory is external to V8's heap: its size, not how much of it is resident.
    externalMb: Math.round(usage.external / 2 ** 20),
  }),
);
await db.close();
