// The yardstick of the catalogue benchmark: a bare node:http + pg server answering the same
// questions as our API with one hand-written SQL query each, and no framework at all.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const CAR_JSON = `json_build_object(
  '_id', c.id, 'name', c.name, 'slug', c.slug, 'description', c.description, 'price', c.price,
  'brand', (select json_build_object('_id', b.id, 'name', b.name, 'slug', b.slug,
      'image', coalesce((select json_agg(json_build_object('url', bi.url, 'public_id', bi.public_id) order by bi.position) from brand_images bi where bi.brand_id = b.id), '[]'))
    from brands b where b.id = c.brand_id),
  'fuelType', c.fuel_type, 'transmission', c.transmission, 'engineSize', c.engine_size, 'mileage', c.mileage,
  'safetyrating', c.safety_rating, 'yom', c.year, 'seater', c.seats, 'drive', c.drive, 'horsepower', c.horsepower,
  'torque', c.torque, 'accelaration', c.acceleration_seconds, 'size', c.ground_clearance_mm, 'fuelTank', c.fuel_tank_litres,
  'warranty', c.warranty, 'condition', c.condition, 'bodyType', c.body_type,
  'documents', coalesce((select json_agg(json_build_object('url', ci.url, 'public_id', ci.public_id) order by ci.position) from car_images ci where ci.car_id = c.id), '[]'),
  'createdAt', c.created_at, 'updatedAt', c.updated_at)`;

const LIST = `select ${CAR_JSON} as car from cars c order by c.created_at desc, c.id desc limit $1 offset $2`;
const COUNT = 'select count(*)::int as total from cars';
const BY_SLUG = `select ${CAR_JSON} as car from cars c where c.slug = $1`;

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    let body;
    if (url.pathname === '/cars') {
      const pageSize = 12;
      const [items, count] = await Promise.all([pool.query(LIST, [pageSize, 0]), pool.query(COUNT)]);
      const total = count.rows[0].total;
      body = { items: items.rows.map((r) => r.car), total, page: 1, pageSize, pageCount: Math.ceil(total / pageSize) };
    } else if (url.pathname.startsWith('/car/')) {
      const { rows } = await pool.query(BY_SLUG, [decodeURIComponent(url.pathname.slice(5))]);
      if (!rows[0]) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
        return;
      }
      body = { success: true, car: rows[0].car };
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
