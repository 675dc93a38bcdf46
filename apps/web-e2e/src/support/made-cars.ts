import type { APIRequestContext, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './account';
import { expect } from './fixtures';

export interface MadeCar {
  id: string;
  name: string;
  slug: string;
  price: number;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/user/login', { data: E2E_ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Removes the test's cars again: the other specs read the newest cars of the shared catalogue. */
export async function removeCars(request: APIRequestContext, cars: readonly MadeCar[]): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  for (const car of cars) {
    const removed = await request.post('/trpc/car.remove', { headers, data: { id: car.id } });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
}

/**
 * Cars of the first brand at `prices`, each with its own uploaded picture, made through the admin
 * API: a test's own cars, so ordering them changes nothing other tests read. `removeCars` after.
 */
export async function makeCars(request: APIRequestContext, testInfo: TestInfo, prices: number[], label = 'Order'): Promise<MadeCar[]> {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const brands = (await (await request.get('/api/brand/getAll-brand')).json()) as { brands: { _id: string }[] };
  const made: MadeCar[] = [];
  for (const [index, price] of prices.entries()) {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: index ? '#2f6b3a' : '#6b2f2f' } })
      .jpeg()
      .toBuffer();
    const upload = await request.post('/api/media/upload', {
      headers,
      multipart: { file: { name: `${label.toLowerCase()}-${index}.jpg`, mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const picture = (await upload.json()) as { url: string; public_id: string };
    const name = `${label} Test ${['Fielder', 'Axio', 'Premio', 'Allion'][index % 4]} ${testInfo.project.name} ${Date.now().toString(36)}`;
    const created = await request.post('/trpc/car.create', {
      headers,
      data: {
        brandId: brands.brands[0]._id,
        images: [{ url: picture.url, publicId: picture.public_id }],
        name,
        price,
        fuelType: 'Petrol',
        transmission: 'Automatic',
        engineSize: 1500,
        mileage: 74_000,
        year: 2017,
        drive: '2 WD',
        description: `A car of the ${label.toLowerCase()} browser test.`,
        bodyType: 'Sedan',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const car = ((await created.json()) as { result: { data: { id: string; slug: string } } }).result.data;
    made.push({ id: car.id, slug: car.slug, name, price });
  }
  return made;
}

