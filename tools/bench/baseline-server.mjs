// The yardstick of the catalogue benchmark: a bare node:http + pg server answering the same
// questions as our API, in the same JSON shapes, with hand-written SQL and no framework at all.
//
//   GET /cars?brand=<slug>&priceMin=&priceMax=&search=   like tRPC car.list (page of 12 + total);
//       also &bodyType=&condition=&fuelType=&transmission=&yearMin=&yearMax=&mileageMax=&sort=
//   GET /trpc-car/<slug>                                 like tRPC car.bySlug
//   GET /latest                                          like tRPC car.latest (8 newest listed)
//   GET /car/<slug>                                      like REST getCarById-car (legacy shape)
//   GET /getAll-car                                      like REST getAll-car (legacy shape, every listed car)
//
// Started by catalogue-bench.mjs: `node baseline-server.mjs <databaseUrl> <port> <poolSize>`.
import http from 'node:http';
import pg from 'pg';

const [databaseUrl, port, poolSize] = process.argv.slice(2);
// The same pool as ours: its size, and the product's session settings (libs/server/db/src/session-options.ts:
// JIT off), so the two differ only by what runs in Node.
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize), options: '-c jit=off' });

const carImages = (legacy) =>
  `coalesce((select json_agg(json_build_object('url', ci.url, ${legacy ? "'public_id'" : "'publicId'"}, ci.public_id) order by ci.position) from car_images ci where ci.car_id = c.id), '[]')`;
const brandImages = (legacy) =>
  `coalesce((select json_agg(json_build_object('url', bi.url, ${legacy ? "'public_id'" : "'publicId'"}, bi.public_id) order by bi.position) from brand_images bi where bi.brand_id = b.id), '[]')`;

/** The legacy REST car (key order as the legacy contract). */
const LEGACY_JSON = `json_build_object(
  '_id', c.id, 'name', c.name, 'slug', c.slug, 'description', c.description, 'price', c.price,
  'brand', (select json_build_object('_id', b.id, 'name', b.name, 'slug', b.slug, 'image', ${brandImages(true)}) from brands b where b.id = c.brand_id),
  'fuelType', c.fuel_type, 'transmission', c.transmission, 'engineSize', c.engine_size, 'mileage', c.mileage,
  'safetyrating', c.safety_rating, 'yom', c.year, 'seater', c.seats, 'drive', c.drive, 'horsepower', c.horsepower,
  'torque', c.torque, 'accelaration', c.acceleration_seconds, 'size', c.ground_clearance_mm, 'fuelTank', c.fuel_tank_litres,
  'warranty', c.warranty, 'condition', c.condition, 'bodyType', c.body_type,
  'documents', ${carImages(true)},
  'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'updatedAt', to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'featured', c.featured, 'status', c.status)`;

/** The tRPC contract's car. */
const CAR_JSON = `json_build_object(
  'id', c.id, 'name', c.name, 'slug', c.slug, 'description', c.description, 'price', c.price,
  'fuelType', c.fuel_type, 'transmission', c.transmission, 'engineSize', c.engine_size, 'mileage', c.mileage,
  'safetyRating', c.safety_rating, 'year', c.year, 'seats', c.seats, 'drive', c.drive, 'horsepower', c.horsepower,
  'torque', c.torque, 'accelerationSeconds', c.acceleration_seconds, 'groundClearanceMm', c.ground_clearance_mm,
  'fuelTankLitres', c.fuel_tank_litres, 'warranty', c.warranty, 'condition', c.condition, 'bodyType', c.body_type,
  'featured', c.featured, 'status', c.status,
  'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'updatedAt', to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'images', ${carImages(false)},
  'brand', (select json_build_object('id', b.id, 'name', b.name, 'slug', b.slug, 'images', ${brandImages(false)}) from brands b where b.id = c.brand_id))`;

const PAGE_SIZE = 12;
const LATEST_SIZE = 8;

/** Exact-match filters of the buyer's panel: query name -> column. */
const EXACT = { bodyType: 'body_type', condition: 'condition', fuelType: 'fuel_type', transmission: 'transmission' };
/** Range filters of the buyer's panel: query name -> column and comparison. */
const RANGES = { yearMin: ['year', '>='], yearMax: ['year', '<='], mileageMax: ['mileage', '<='] };
/** ORDER BY of car.list's sorts (the id breaks ties), as the server's car-filters.ts writes them. */
const ORDERS = {
  newest: 'c.created_at desc, c.id desc',
  price_asc: 'c.price asc, c.id asc',
  price_desc: 'c.price desc, c.id desc',
  year_desc: 'c.year desc, c.created_at desc, c.id desc',
  mileage_asc: 'c.mileage asc, c.id asc',
};

/**
 * The listed (unsold) cars matching the filters, as SQL and parameters: brand by slug, a price
 * range, a literal, case-insensitive search over name, body type and brand name, and the panel's
 * exact and range filters.
 */
function listWhere(query) {
  const conditions = [`c.status <> 'Sold'`];
  const params = [];
  const brand = query.get('brand');
  if (brand) {
    params.push(brand.toLowerCase());
    conditions.push(`c.brand_id = (select id from brands where slug = $${params.length})`);
  }
  if (query.get('priceMin')) {
    params.push(Number(query.get('priceMin')));
    conditions.push(`c.price >= $${params.length}`);
  }
  if (query.get('priceMax')) {
    params.push(Number(query.get('priceMax')));
    conditions.push(`c.price <= $${params.length}`);
  }
  const search = query.get('search');
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    const p = `$${params.length}`;
    conditions.push(`(c.name ilike ${p} or c.body_type::text ilike ${p} or c.brand_id in (select id from brands where name ilike ${p}))`);
  }
  for (const [name, column] of Object.entries(EXACT)) {
    if (!query.get(name)) continue;
    params.push(query.get(name));
    conditions.push(`c.${column} = $${params.length}`);
  }
  for (const [name, [column, op]] of Object.entries(RANGES)) {
    if (!query.get(name)) continue;
    params.push(Number(query.get(name)));
    conditions.push(`c.${column} ${op} $${params.length}`);
  }
  return { where: conditions.join(' and '), params };
}

async function list(query) {
  const { where, params } = listWhere(query);
  const order = ORDERS[query.get('sort') ?? 'newest'] ?? ORDERS.newest;
  const page = `select ${CAR_JSON} as car from (select * from cars c where ${where} order by ${order} limit ${PAGE_SIZE}) c order by ${order}`;
  const [items, count] = await Promise.all([pool.query(page, params), pool.query(`select count(*)::int as total from cars c where ${where}`, params)]);
  const total = count.rows[0].total;
  return { result: { data: { items: items.rows.map((r) => r.car), total, page: 1, pageSize: PAGE_SIZE, pageCount: Math.ceil(total / PAGE_SIZE) } } };
}

const LATEST = `select ${CAR_JSON} as car from (select * from cars c where c.status <> 'Sold' order by c.created_at desc, c.id desc limit ${LATEST_SIZE}) c order by c.created_at desc, c.id desc`;
const BY_SLUG = `select ${CAR_JSON} as car from cars c where c.slug = $1`;
const LEGACY_BY_SLUG = `select ${LEGACY_JSON} as car from cars c where c.slug = $1`;
const LEGACY_ALL = `select ${LEGACY_JSON}::text as car from cars c where c.status <> 'Sold' order by c.created_at desc, c.id desc`;

const json = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    const path = url.pathname;
    if (path === '/cars') return json(res, 200, await list(url.searchParams));
    if (path === '/latest') return json(res, 200, { result: { data: (await pool.query(LATEST)).rows.map((r) => r.car) } });
    if (path.startsWith('/trpc-car/')) {
      const { rows } = await pool.query({ name: 'by_slug', text: BY_SLUG, values: [decodeURIComponent(path.slice(10))] });
      return rows[0] ? json(res, 200, { result: { data: rows[0].car } }) : json(res, 404, { error: { message: 'Car not found' } });
    }
    if (path.startsWith('/car/')) {
      const { rows } = await pool.query({ name: 'legacy_by_slug', text: LEGACY_BY_SLUG, values: [decodeURIComponent(path.slice(5))] });
      return rows[0] ? json(res, 200, { success: true, message: 'Car fetched', car: rows[0].car }) : json(res, 404, { success: false });
    }
    if (path === '/getAll-car') {
      // Every listed car, as JSON text from Postgres, joined into one body (the naive hand-written way).
      const { rows } = await pool.query(LEGACY_ALL);
      return json(res, 200, `{"success":true,"totalCar":${rows.length},"message":"All Cars","cars":[${rows.map((r) => r.car).join(',')}]}`);
    }
    if (path === '/health') return json(res, 200, { ok: true });
    res.writeHead(404).end();
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});

server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
