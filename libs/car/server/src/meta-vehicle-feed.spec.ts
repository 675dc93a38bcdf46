import { BODY_TYPES, CONDITIONS, DRIVES, FUEL_TYPES, TRANSMISSIONS } from '@dealership/car-schemas';
import { type FeedCar, META_DESCRIPTION_MAX, META_VEHICLE_FEED_COLUMNS, META_VEHICLE_FEED_IMAGES, toMetaVehicleRow } from './meta-vehicle-feed';

const PUBLIC_URL = 'https://cars.example';

const car = (fields: Partial<FeedCar> = {}): FeedCar => ({
  id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
  name: 'Toyota Land Cruiser Prado TX-L',
  model: 'Land Cruiser Prado',
  slug: 'toyota-land-cruiser-prado-tx-l',
  description: 'One owner, full service history.',
  price: 2_450_000,
  year: 2019,
  mileage: 48_000,
  fuelType: 'Diesel',
  transmission: 'Automatic',
  drive: '4 WD',
  bodyType: 'SUV',
  condition: 'Foreign Used',
  status: 'Available',
  exteriorColour: 'Pearl White',
  make: 'Toyota',
  images: ['/media/cars/prado-front-1a2b3c4d5e.webp'],
  ...fields,
});

/** A row as column name -> value. */
const record = (row: string[]) => Object.fromEntries(META_VEHICLE_FEED_COLUMNS.map((column, i) => [column, row[i]]));

describe('toMetaVehicleRow', () => {
  // The whole row of a car, as served, is meta-vehicle-feed.integration.spec's; here the rules.
  it("gives one cell per column, in the columns' order", () => {
    const row = toMetaVehicleRow(car(), PUBLIC_URL);
    expect(row).toHaveLength(META_VEHICLE_FEED_COLUMNS.length);
    expect(record(row)).toMatchObject({ vehicle_id: car().id, 'mileage.value': '48000', 'mileage.unit': 'KM', price: '2450000 KES', 'image[1].url': '' });
  });

  it("has no vin column: the feed is public and never carries a chassis number (Meta's vin is optional)", () => {
    expect(META_VEHICLE_FEED_COLUMNS).not.toContain('vin');
  });

  it("gives every value of our vocabulary one of Meta's", () => {
    const values = (column: string, cars: FeedCar[]) => [...new Set(cars.map((c) => record(toMetaVehicleRow(c, PUBLIC_URL))[column]))].sort();
    expect(
      values(
        'body_style',
        BODY_TYPES.map((bodyType) => car({ bodyType })),
      ),
    ).toEqual(['COUPE', 'HATCHBACK', 'SEDAN', 'SUV', 'TRUCK', 'VAN', 'WAGON']);
    expect(
      values(
        'fuel_type',
        FUEL_TYPES.map((fuelType) => car({ fuelType })),
      ),
    ).toEqual(['DIESEL', 'ELECTRIC', 'HYBRID', 'PETROL', 'PLUGIN_HYBRID']);
    expect(
      values(
        'transmission',
        TRANSMISSIONS.map((transmission) => car({ transmission })),
      ),
    ).toEqual(['AUTOMATIC', 'MANUAL']);
    expect(
      values(
        'drivetrain',
        DRIVES.map((drive) => car({ drive })),
      ),
    ).toEqual(['FOUR_WD', 'TWO_WD']);
    expect(CONDITIONS.map((condition) => record(toMetaVehicleRow(car({ condition }), PUBLIC_URL)).state_of_vehicle)).toEqual(['NEW', 'USED', 'USED']);
    expect(record(toMetaVehicleRow(car({ status: 'Reserved' }), PUBLIC_URL)).availability).toBe('pending');
    expect(() => toMetaVehicleRow(car({ status: 'Sold' }), PUBLIC_URL)).toThrow('not in the feed');
  });

  it('leaves the year out of the title when the name already says it', () => {
    expect(record(toMetaVehicleRow(car({ name: 'Toyota Prado 2019' }), PUBLIC_URL)).title).toBe('Toyota Prado 2019');
    // A number that only contains the year is not the year.
    expect(record(toMetaVehicleRow(car({ name: 'Peugeot 20190' }), PUBLIC_URL)).title).toBe('2019 Peugeot 20190');
  });

  it('makes pictures absolute from the public URL, keeps absolute ones, and sends at most 20', () => {
    const images = [
      'https://res.cloudinary.com/demo/image/upload/v1/cars/prado.jpg',
      ...Array.from({ length: 25 }, (_, i) => `/media/cars/prado-${i}-1a2b3c4d5e.webp`),
    ];
    const row = record(toMetaVehicleRow(car({ images }), PUBLIC_URL));
    expect(row['image[0].url']).toBe('https://res.cloudinary.com/demo/image/upload/v1/cars/prado.jpg');
    expect(row['image[1].url']).toBe('https://cars.example/media/cars/prado-0-1a2b3c4d5e.webp');
    expect(row[`image[${META_VEHICLE_FEED_IMAGES - 1}].url`]).toBe('https://cars.example/media/cars/prado-18-1a2b3c4d5e.webp');
    expect(Object.keys(row).filter((column) => column.startsWith('image['))).toHaveLength(META_VEHICLE_FEED_IMAGES);
  });

  it("cuts a description past Meta's limit at a word, and leaves unknown values empty", () => {
    const row = record(toMetaVehicleRow(car({ description: 'word '.repeat(2000), make: null, exteriorColour: null }), PUBLIC_URL));
    expect(row.description.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(row.description).toMatch(/ word…$/);
    expect(row.make).toBe('');
    expect(row.exterior_color).toBe('');
  });

  it('reads an unknown model from the name, as the admin form does', () => {
    expect(record(toMetaVehicleRow(car({ model: '', name: 'Toyota Land Cruiser Prado TX-L' }), PUBLIC_URL)).model).toBe('Land Cruiser Prado');
    expect(record(toMetaVehicleRow(car({ model: '', name: 'Prado TX-L' }), PUBLIC_URL)).model).toBe('');
  });
});
