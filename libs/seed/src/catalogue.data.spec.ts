import { BODY_TYPES, CONDITIONS, DRIVES, FUEL_TYPES, modelFromName, modelSlug, PRICE_RANGES, TRANSMISSIONS } from '@dealership/car-model';
import { slugify } from '@dealership/shared-util';
import { SEED_BRANDS, SEED_CARS } from './catalogue.data';

const HEX = /^#[0-9a-f]{6}$/i;

describe('SEED_BRANDS', () => {
  it('has at least 12 brands with unique names and slugs', () => {
    expect(SEED_BRANDS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(SEED_BRANDS.map((b) => b.name.toLowerCase())).size).toBe(SEED_BRANDS.length);
    expect(new Set(SEED_BRANDS.map((b) => slugify(b.name))).size).toBe(SEED_BRANDS.length);
  });

  it('includes the main brands of the Kenyan market', () => {
    const names = SEED_BRANDS.map((b) => b.name);
    for (const brand of ['Toyota', 'Subaru', 'Mazda', 'Nissan', 'Honda', 'Mercedes-Benz', 'BMW', 'Volkswagen', 'Mitsubishi', 'Isuzu', 'Land Rover', 'Suzuki']) {
      expect(names).toContain(brand);
    }
  });

  it('gives every brand a description and hex logo colours', () => {
    for (const brand of SEED_BRANDS) {
      expect(brand.description.length).toBeGreaterThan(40);
      expect(brand.colors.primary).toMatch(HEX);
      expect(brand.colors.accent).toMatch(HEX);
    }
  });

  it('leaves exactly one brand without cars (the empty brand page)', () => {
    const used = new Set(SEED_CARS.map((c) => c.brand));
    expect(SEED_BRANDS.filter((b) => !used.has(b.name)).map((b) => b.name)).toEqual(['Peugeot']);
  });
});

describe('SEED_CARS', () => {
  it('has at least 44 cars with unique names and slugs', () => {
    expect(SEED_CARS.length).toBeGreaterThanOrEqual(44);
    expect(new Set(SEED_CARS.map((c) => c.name)).size).toBe(SEED_CARS.length);
    expect(new Set(SEED_CARS.map((c) => slugify(c.name))).size).toBe(SEED_CARS.length);
  });

  it('references only existing brands, and names start with the brand', () => {
    const brands = new Set(SEED_BRANDS.map((b) => b.name));
    for (const car of SEED_CARS) {
      expect(brands.has(car.brand)).toBe(true);
      expect(car.name.startsWith(`${car.brand} `)).toBe(true);
    }
  });

  it('uses whole, positive KES prices', () => {
    for (const car of SEED_CARS) {
      expect(Number.isInteger(car.price)).toBe(true);
      expect(car.price).toBeGreaterThan(0);
    }
  });

  it.each(PRICE_RANGES.map((r) => [r.label, r.min, r.max] as const))('has at least 3 cars in the %s band (inclusive)', (_label, min, max) => {
    expect(SEED_CARS.filter((c) => c.price >= min && c.price <= max).length).toBeGreaterThanOrEqual(3);
  });

  it('has cars priced exactly on the band boundaries', () => {
    const prices = new Set(SEED_CARS.map((c) => c.price));
    for (const boundary of [250_000, 500_000, 1_000_000, 2_000_000]) expect(prices.has(boundary)).toBe(true);
  });

  it('uses only valid enum values and covers every one of them', () => {
    const cover = <T extends string>(values: readonly T[], pick: (c: (typeof SEED_CARS)[number]) => T) => {
      const used = new Set(SEED_CARS.map(pick));
      for (const value of used) expect(values).toContain(value);
      expect([...used].sort()).toEqual([...values].sort());
    };
    // Every fuel but Electric: an electric car has no engine size, which the contract requires of every car.
    cover(
      FUEL_TYPES.filter((fuel) => fuel !== 'Electric'),
      (c) => c.fuelType,
    );
    cover(TRANSMISSIONS, (c) => c.transmission);
    cover(DRIVES, (c) => c.drive);
    cover(BODY_TYPES, (c) => c.bodyType);
    cover(CONDITIONS, (c) => c.condition);
  });

  it('has at least 2 cars of every body type', () => {
    for (const bodyType of BODY_TYPES) expect(SEED_CARS.filter((c) => c.bodyType === bodyType).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps conditions plausible: new cars are recent with delivery mileage', () => {
    for (const car of SEED_CARS) {
      if (car.condition === 'New') {
        expect(car.year).toBeGreaterThanOrEqual(2024);
        expect(car.mileage).toBeLessThanOrEqual(50);
      } else if (car.condition === 'Foreign Used') {
        expect(car.year).toBeGreaterThanOrEqual(2016);
        expect(car.year).toBeLessThanOrEqual(2021);
        expect(car.mileage).toBeGreaterThanOrEqual(20_000);
        expect(car.mileage).toBeLessThanOrEqual(120_000);
      } else {
        expect(car.mileage).toBeGreaterThan(50_000);
      }
      expect(car.year).toBeGreaterThanOrEqual(2008);
      expect(car.year).toBeLessThanOrEqual(2026);
    }
  });

  it('has sensible specs and a hex paint', () => {
    for (const car of SEED_CARS) {
      expect(Number.isInteger(car.engineSize)).toBe(true);
      expect(car.engineSize).toBeGreaterThanOrEqual(600);
      expect(Number.isInteger(car.mileage)).toBe(true);
      expect(car.paint).toMatch(HEX);
      expect(car.description.split(/(?<=[.!?])\s+/).length).toBeGreaterThanOrEqual(2);
      if (car.safetyRating !== null) expect([1, 2, 3, 4, 5]).toContain(car.safetyRating);
      for (const value of [car.seats, car.horsepower, car.torque, car.groundClearanceMm, car.fuelTankLitres]) {
        if (value !== null) expect(Number.isInteger(value) && value > 0).toBe(true);
      }
      if (car.accelerationSeconds !== null) expect(car.accelerationSeconds).toBe(Math.round(car.accelerationSeconds * 10) / 10);
    }
  });

  it('leaves each optional field empty on some cars and filled on others', () => {
    for (const field of ['safetyRating', 'seats', 'horsepower', 'torque', 'accelerationSeconds', 'groundClearanceMm', 'fuelTankLitres', 'warranty'] as const) {
      const empty = SEED_CARS.filter((c) => c[field] === null).length;
      expect(empty).toBeGreaterThan(0);
      expect(empty).toBeLessThan(SEED_CARS.length);
    }
  });

  it('has some descriptions longer than a meta description (160 characters)', () => {
    expect(SEED_CARS.some((c) => c.description.length > 160)).toBe(true);
  });
});

describe('SEED_CARS models', () => {
  // The seed reads each car's model from its name (`modelFromName`), as migration 0034 did.
  const modelOf = (name: string) => {
    const car = SEED_CARS.find((c) => c.name === name);
    if (!car) throw new Error(`no seed car ${name}`);
    return modelFromName(car.brand, car.name);
  };

  it('gives every demo car a model, its name starting with brand then model', () => {
    for (const car of SEED_CARS) {
      const model = modelFromName(car.brand, car.name);
      expect(model).not.toBe('');
      expect(car.name.startsWith(`${car.brand} ${model}`)).toBe(true);
    }
  });

  it('reads the multi-word models whole and single-word ones up to the variant', () => {
    expect(modelOf('Toyota Land Cruiser Prado TX-L 2.8 Diesel')).toBe('Land Cruiser Prado');
    expect(modelOf('Toyota Land Cruiser V8 4.5 ZX')).toBe('Land Cruiser V8');
    expect(modelOf('Land Rover Range Rover Sport HSE 3.0 SDV6')).toBe('Range Rover Sport');
    expect(modelOf('Toyota Corolla Axio 1.5 G')).toBe('Corolla Axio');
    expect(modelOf('Volkswagen Polo Vivo 1.4 Trendline')).toBe('Polo Vivo');
    expect(modelOf('Volkswagen Polo 1.4 Comfortline')).toBe('Polo');
    expect(modelOf('Nissan Note e-Power X')).toBe('Note');
    expect(modelOf('Mazda CX-5 2.5 Signature')).toBe('CX-5');
    expect(modelOf('Mercedes-Benz C200 Avantgarde (W204)')).toBe('C200');
  });

  it('has models with several cars, so model pages list more than one', () => {
    const counts = new Map<string, number>();
    for (const car of SEED_CARS) {
      const key = `${car.brand}/${modelSlug(modelFromName(car.brand, car.name))}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.get('Toyota/corolla-axio')).toBeGreaterThanOrEqual(2);
    expect([...counts.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(5);
  });
});
