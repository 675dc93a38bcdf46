// The catalogue bench's request mix and its autocannon runs, shared by catalogue-bench.mjs (ours
// against the bare server) and memory-bench.mjs's warm case (the same load on our server alone,
// before the getAll-car burst).
import autocannon from 'autocannon';
import { percentile, round } from './bench-support.mjs';

/** One autocannon run; latencies recorded per response so p95 is exact (autocannon reports p97.5). */
export function load(url, { connections: c, duration: d, amount }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let bytes = 0;
    const options = { url, connections: c, timeout: 120, ...(amount ? { amount } : { duration: d }) };
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        rps: (() => {
          const rps = amount ? result.requests.total / (result.duration || 1) : result.requests.average;
          return round(rps, rps < 10 ? 3 : 1);
        })(),
        requests: result.requests.total,
        seconds: round(result.duration, 2),
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        // Bytes per response as autocannon counts them (headers included).
        bodyBytes: latencies.length ? Math.round(bytes / latencies.length) : 0,
      });
    });
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      latencies.push(responseTime);
      bytes += resBytes;
    });
  });
}

/** The METRICS_TOKEN the benchmarks start a server with when they measure the metrics. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token';

/** GET /metrics as Prometheus scrapes it: its size and how many series it holds (they grow with routes and statuses). */
export async function scrapeMetrics(port) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return { bytes: text.length, series: text.split('\n').filter((line) => line && !line.startsWith('#')).length };
}

/**
 * The catalogue bench's cases: `ours` is our server's URL, `bare` the bare server's (null when only
 * ours answers it); `load` and `warmup` override the timed runs (the exports are a fixed number of
 * requests), `rss` asks for ours' peak RSS, `after` runs once after ours' measured run.
 */
export function catalogueCases({ oursPort, barePort, slug, connections }) {
  const trpc = (procedure, input) => `http://127.0.0.1:${oursPort}/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`;
  const bareUrl = (path) => `http://127.0.0.1:${barePort}${path}`;
  const priceMin = 1_000_000;
  const priceMax = 5_000_000;
  const allConnections = Math.max(1, Math.min(4, connections));
  return [
    { id: 'list', name: 'car.list, no filter', ours: trpc('car.list', { pageSize: 12 }), bare: bareUrl('/cars') },
    {
      id: 'list-brand-price',
      name: 'car.list, brand + price',
      ours: trpc('car.list', { brands: ['toyota'], priceMin, priceMax, pageSize: 12 }),
      bare: bareUrl(`/cars?brand=toyota&priceMin=${priceMin}&priceMax=${priceMax}`),
    },
    // The buyer's panel (issue 30): the hidden filters, alone and combined, under each sort.
    ...[
      {
        id: 'list-body-fuel-year-price',
        name: 'car.list, SUV + Diesel + 2018+ + price, by price',
        input: { bodyType: 'SUV', fuelType: 'Diesel', yearMin: 2018, priceMin, priceMax, sort: 'price_asc' },
      },
      { id: 'list-condition-transmission', name: 'car.list, Foreign Used + Manual, newest', input: { condition: 'Foreign Used', transmission: 'Manual' } },
      {
        id: 'list-mileage-year',
        name: 'car.list, up to 50,000 km + 2015-2020, by mileage',
        input: { mileageMax: 50_000, yearMin: 2015, yearMax: 2020, sort: 'mileage_asc' },
      },
      {
        id: 'list-rare-combination',
        name: 'car.list, Coupe + Manual + New, by year',
        input: { bodyType: 'Coupe', transmission: 'Manual', condition: 'New', sort: 'year_desc' },
      },
      { id: 'list-sort-price-desc', name: 'car.list, no filter, price high to low', input: { sort: 'price_desc' } },
    ].map(({ id, name, input }) => ({
      id,
      name,
      ours: trpc('car.list', { ...input, pageSize: 12 }),
      bare: bareUrl(`/cars?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`),
    })),
    { id: 'list-search', name: "car.list, search 'prado'", ours: trpc('car.list', { search: 'prado', pageSize: 12 }), bare: bareUrl('/cars?search=prado') },
    { id: 'by-slug-trpc', name: 'car.bySlug (tRPC)', ours: trpc('car.bySlug', { slug }), bare: bareUrl(`/trpc-car/${slug}`) },
    { id: 'by-slug-rest', name: 'REST getCarById-car', ours: `http://127.0.0.1:${oursPort}/api/car/getCarById-car/${slug}`, bare: bareUrl(`/car/${slug}`) },
    { id: 'latest', name: 'car.latest', ours: trpc('car.latest'), bare: bareUrl('/latest') },
    {
      id: 'get-all',
      name: 'GET /api/car/getAll-car',
      ours: `http://127.0.0.1:${oursPort}/api/car/getAll-car`,
      bare: bareUrl('/getAll-car'),
      // The whole catalogue per request: a fixed number of requests over few connections.
      load: { connections: allConnections, amount: allConnections * 5 },
      warmup: { connections: 1, amount: 2 },
      rss: true,
    },
    {
      // The issue's memory goal: 20 requests at once against our server alone (the bare server
      // builds every body as one string and runs out of heap at 100,000 cars), then a repeat with
      // the ETag, which must be answered 304.
      id: 'get-all-20',
      name: 'getAll-car, 20 at once (ours)',
      ours: `http://127.0.0.1:${oursPort}/api/car/getAll-car`,
      bare: null,
      load: { connections: 20, amount: 20 },
      warmup: { connections: 1, amount: 1 },
      rss: true,
      after: async (url) => {
        const first = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
        await first.arrayBuffer();
        const etag = first.headers.get('etag');
        const repeat = await fetch(url, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag ?? '' } });
        await repeat.arrayBuffer();
        return `repeat with If-None-Match: ${repeat.status}`;
      },
    },
  ];
}
