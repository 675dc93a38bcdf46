import { PRICE_RANGES } from './car.constants';
import { CarListInputSchema } from './car.model';
import { modelSlug } from './car-model-name';
import { modelFromName } from './vehicle-data';

describe('CarListInputSchema', () => {
  it('defaults to the newest first, page 1 of 12', () => {
    expect(CarListInputSchema.parse({})).toEqual({ sort: 'newest', page: 1, pageSize: 12 });
  });

  it('reads query-string values: numbers as text, brand lists repeated or comma-separated', () => {
    const parsed = CarListInputSchema.parse({ page: '2', pageSize: '24', priceMin: '500000', brands: 'toyota, subaru,,' });
    expect(parsed).toMatchObject({ page: 2, pageSize: 24, priceMin: 500000, brands: ['toyota', 'subaru'] });
    expect(CarListInputSchema.parse({ brands: ['a', 'b'] }).brands).toEqual(['a', 'b']);
  });

  it('trims search text and keeps its characters as they are', () => {
    expect(CarListInputSchema.parse({ search: '  100% _x .*(  ' }).search).toBe('100% _x .*(');
  });

  it('bounds the page size and names the field', () => {
    const result = CarListInputSchema.safeParse({ pageSize: 49 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['pageSize'], message: 'pageSize must be at most 48' });
  });

  it('refuses a minimum price above the maximum, and unknown enum values', () => {
    expect(CarListInputSchema.safeParse({ priceMin: 2, priceMax: 1 }).error?.issues[0].message).toBe('priceMin must not exceed priceMax');
    expect(CarListInputSchema.safeParse({ bodyType: 'Tank' }).error?.issues[0].path).toEqual(['bodyType']);
    expect(CarListInputSchema.safeParse({ priceRange: '1-2' }).error?.issues[0].message).toBe('priceRange is not one of the offered ranges');
  });

  it('offers the spec price ranges, contiguous and inclusive', () => {
    expect(PRICE_RANGES.map((r) => r.label)).toEqual(['250K-500K', '500K-1M', '1M-2M', '2M-3M', '3M-4M', '4M-5M', '5M-50M']);
    PRICE_RANGES.slice(1).forEach((range, i) => expect(range.min).toBe(PRICE_RANGES[i].max));
  });
});

describe('modelSlug and modelFromName', () => {
  it('makes kebab-case slugs of model names', () => {
    expect(modelSlug('Land Cruiser Prado')).toBe('land-cruiser-prado');
    expect(modelSlug('CX-5')).toBe('cx-5');
    expect(modelSlug(' Mark X (GRX130) ')).toBe('mark-x-grx130');
    expect(modelSlug('')).toBe('');
  });

  it('strips the brand and takes the longest multi-word model, else the next word; "" when the name does not start with the brand', () => {
    expect(modelFromName('Toyota', 'Toyota Land Cruiser Prado TX-L 2.8 Diesel')).toBe('Land Cruiser Prado');
    expect(modelFromName('Toyota', 'toyota   land cruiser  PRADO')).toBe('Land Cruiser Prado');
    expect(modelFromName('Toyota', 'Toyota Harrier 2.0 Premium')).toBe('Harrier');
    expect(modelFromName('Land Rover', 'Land Rover Range Rover Evoque SE')).toBe('Range Rover Evoque');
    expect(modelFromName('Toyota', 'Prado TX')).toBe('');
    expect(modelFromName('Toyota', 'Toyota')).toBe('');
    expect(modelFromName(null, 'Toyota Vitz')).toBe('');
  });
});
