import { EMPTY_FILTERS, hasActiveFilters, readCarFilters, toCarListInput, writeCarFilters } from './car-filter-params';

const read = (query: string) => readCarFilters(new URLSearchParams(query));

describe('car filter params', () => {
  it('reads the filters of a shared URL', () => {
    expect(read('search=%20prado%20&brands=toyota,Subaru&price=1M-2M&type=suv&make=Toyota&page=3')).toEqual({
      ...EMPTY_FILTERS,
      search: 'prado',
      brands: ['toyota', 'subaru'],
      price: '1M-2M',
      type: 'SUV',
      make: 'Toyota',
      page: 3,
    });
    expect(read('condition=foreign%20used&fuel=diesel&transmission=Automatic&yearFrom=2015&yearTo=2020&mileageTo=80000&sort=price_asc')).toEqual({
      ...EMPTY_FILTERS,
      condition: 'Foreign Used',
      fuel: 'Diesel',
      transmission: 'Automatic',
      yearMin: 2015,
      yearMax: 2020,
      mileageMax: 80_000,
      sort: 'price_asc',
    });
  });

  it('reads, writes and sends a model slug with its brand, and the new fuels', () => {
    const filters = read('brands=toyota&model=Land-Cruiser-Prado&fuel=plug-in%20hybrid');
    expect(filters).toEqual({ ...EMPTY_FILTERS, brands: ['toyota'], model: 'land-cruiser-prado', fuel: 'Plug-in Hybrid' });
    expect(writeCarFilters(filters).toString()).toBe('brands=toyota&model=land-cruiser-prado&fuel=Plug-in+Hybrid');
    expect(toCarListInput(filters, 12)).toMatchObject({ brands: ['toyota'], model: 'land-cruiser-prado', fuelType: 'Plug-in Hybrid' });
    expect(hasActiveFilters({ ...EMPTY_FILTERS, model: 'harrier' })).toBe(true);
    expect(read('fuel=electric').fuel).toBe('Electric');
    // Not a slug: ignored.
    expect(read('model=land%20cruiser').model).toBeNull();
    expect(read(`model=${'a'.repeat(81)}`).model).toBeNull();
  });

  it('ignores values the server would refuse', () => {
    expect(read('price=1-2&type=Tank&page=-4&brands=,,')).toEqual(EMPTY_FILTERS);
    expect(read('condition=Wrecked&fuel=Steam&transmission=CVT&yearFrom=abc&yearTo=99999&mileageTo=-5&sort=cheapest')).toEqual(EMPTY_FILTERS);
    expect(read(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('writes only what is set, so the plain list is a plain /cars', () => {
    expect(writeCarFilters(EMPTY_FILTERS).toString()).toBe('');
    expect(writeCarFilters({ ...EMPTY_FILTERS, brands: ['toyota', 'mazda'], price: '5M-50M', page: 2 }).toString()).toBe(
      'brands=toyota%2Cmazda&price=5M-50M&page=2',
    );
  });

  it('round-trips', () => {
    const filters = {
      ...EMPTY_FILTERS,
      search: 'axio',
      brands: ['toyota'],
      price: '500K-1M' as const,
      type: 'Sedan' as const,
      fuel: 'Petrol' as const,
      yearMin: 2012,
      mileageMax: 100_000,
      sort: 'price_desc' as const,
      page: 2,
    };
    expect(readCarFilters(writeCarFilters(filters))).toEqual(filters);
  });

  it('maps the filters to one server-side page of car.list', () => {
    expect(toCarListInput(EMPTY_FILTERS, 12)).toEqual({ page: 1, pageSize: 12, sort: 'newest' });
    expect(toCarListInput(read('make=Toyota&type=SUV&price=2M-3M&brands=mazda&search=cx'), 12)).toEqual({
      search: 'cx',
      brands: ['mazda'],
      priceRange: '2M-3M',
      make: 'Toyota',
      bodyType: 'SUV',
      page: 1,
      pageSize: 12,
      sort: 'newest',
    });
    expect(toCarListInput(read('fuel=Diesel&transmission=Manual&condition=New&yearFrom=2020&yearTo=2016&mileageTo=50000&sort=year_desc'), 12)).toEqual({
      fuelType: 'Diesel',
      transmission: 'Manual',
      condition: 'New',
      // A reversed year range is read the right way round.
      yearMin: 2016,
      yearMax: 2020,
      mileageMax: 50_000,
      page: 1,
      pageSize: 12,
      sort: 'year_desc',
    });
  });

  it('knows when a filter is active', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, page: 4 })).toBe(false);
    expect(hasActiveFilters(read('sort=price_asc'))).toBe(false);
    expect(hasActiveFilters(read('type=Van'))).toBe(true);
    expect(hasActiveFilters(read('mileageTo=10000'))).toBe(true);
  });
});
