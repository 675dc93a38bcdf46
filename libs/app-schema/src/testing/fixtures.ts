import { slugify } from '@dealership/shared-util';
import { brandImages, brands } from '@dealership/brand-data';
import { carImages, cars } from '@dealership/car-data';
import { orderLines, orders, type PaymentRecord } from '@dealership/order-data';
import type { Database } from '@dealership/server-db';
import { users } from '@dealership/user-data';

type CarInsert = typeof cars.$inferInsert;
type OrderStatus = (typeof orders.$inferInsert)['status'];
type PaymentMethod = (typeof orders.$inferInsert)['paymentMethod'];

let sequence = 0;

/** Inserts a brand with one logo; fields default to something valid. */
export async function insertBrand(db: Database, fields: { name?: string; description?: string | null; createdAt?: Date } = {}) {
  const name = fields.name ?? `Brand ${++sequence}`;
  const [brand] = await db
    .insert(brands)
    .values({ name, slug: slugify(name), description: fields.description ?? null, createdAt: fields.createdAt })
    .returning();
  await db.insert(brandImages).values({ brandId: brand.id, url: `/media/brands/${brand.slug}.webp`, publicId: `brands/${brand.slug}` });
  return brand;
}

/** Inserts a car with `imageCount` pictures; fields default to something valid. */
export async function insertCar(db: Database, fields: Partial<CarInsert> & { brandId: string | null }, imageCount = 2) {
  const name = fields.name ?? `Car ${++sequence}`;
  const [car] = await db
    .insert(cars)
    .values({
      slug: slugify(name),
      description: `${name} in good condition.`,
      price: 1_500_000,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      engineSize: 1500,
      mileage: 50_000,
      year: 2018,
      drive: '2 WD',
      condition: 'Foreign Used',
      bodyType: 'Sedan',
      ...fields,
      name,
    })
    .returning();
  if (imageCount > 0) {
    await db.insert(carImages).values(
      Array.from({ length: imageCount }, (_, position) => ({
        carId: car.id,
        url: `/media/cars/${car.slug}-${position}.webp`,
        publicId: `cars/${car.slug}-${position}`,
        position,
      })),
    );
  }
  return car;
}

/**
 * Inserts a user with a placeholder hash (it cannot log in; register through the API for that).
 * Fields default to something valid.
 */
export async function insertUser(db: Database, fields: Partial<typeof users.$inferInsert> = {}) {
  const n = ++sequence;
  const [user] = await db
    .insert(users)
    .values({
      name: `User ${n}`,
      email: `user${n}@example.test`,
      passwordHash: 'not-a-hash',
      phone: '0712000000',
      address: 'Mombasa',
      // A staff account (role 1) is an owner unless the test says otherwise.
      staffRole: fields.role === 1 ? 'owner' : null,
      ...fields,
    })
    .returning();
  return user;
}

/** One line of `insertOrder`: a car as it was bought (copied from the car when `car` is given). */
export interface OrderLineFixture {
  car?: { id: string; name: string; slug: string; price: number };
  name?: string;
  slug?: string;
  price?: number;
  imageUrl?: string | null;
}

/**
 * Inserts an order with its lines, as the payment flow records one; the amount is the sum of the
 * line prices. It writes rows directly, cars' statuses untouched: for tests of reading and listing
 * orders (placing goes through the order service).
 */
export async function insertOrder(
  db: Database,
  fields: {
    buyerId: string | null;
    lines: OrderLineFixture[];
    status?: OrderStatus;
    paymentMethod?: PaymentMethod;
    paymentSuccess?: boolean;
    payment?: PaymentRecord;
    contact?: { name: string | null; phone: string | null; address: string | null };
    createdAt?: Date;
  },
) {
  const lines = fields.lines.map((line, position) => {
    const name = line.name ?? line.car?.name ?? `Car ${++sequence}`;
    return {
      carId: line.car?.id ?? null,
      name,
      slug: line.slug ?? line.car?.slug ?? slugify(name),
      price: line.price ?? line.car?.price ?? 1_500_000,
      imageUrl: line.imageUrl === undefined ? `/media/cars/${slugify(name)}-0.webp` : line.imageUrl,
      position,
    };
  });
  const paymentSuccess = fields.paymentSuccess ?? true;
  const [order] = await db
    .insert(orders)
    .values({
      buyerId: fields.buyerId,
      status: fields.status,
      amount: lines.reduce((sum, line) => sum + line.price, 0),
      paymentMethod: fields.paymentMethod ?? 'card',
      paymentSuccess,
      contactName: fields.contact?.name,
      contactPhone: fields.contact?.phone,
      contactAddress: fields.contact?.address,
      payment: fields.payment ?? {
        provider: 'braintree',
        transactionId: `tx-${++sequence}`,
        status: paymentSuccess ? 'submitted_for_settlement' : 'processor_declined',
      },
      createdAt: fields.createdAt,
      updatedAt: fields.createdAt,
    })
    .returning();
  if (lines.length > 0) await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: order.id })));
  return order;
}
