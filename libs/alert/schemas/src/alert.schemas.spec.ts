import { describeSearch, searchFromQuery, searchPath } from './alert-search';
import { AlertContactSchema, AlertSaveSearchInputSchema, AlertWatchPricesInputSchema, ALERT_CONTACT_MESSAGE, ALERT_MAX_WATCHED_CARS } from './alert.schemas';

describe('alert contracts', () => {
  it('take an email (lower-cased) or a Kenyan phone (international form) as the contact', () => {
    expect(AlertContactSchema.parse(' Jane@Example.COM ')).toBe('jane@example.com');
    expect(AlertContactSchema.parse('0712 345 678')).toBe('+254712345678');
    expect(AlertContactSchema.safeParse('jane@').error?.issues[0].message).toBe(ALERT_CONTACT_MESSAGE);
    expect(AlertContactSchema.safeParse('12').error?.issues[0].message).toBe(ALERT_CONTACT_MESSAGE);
  });

  it("save a search with the catalogue's own filters, naming a bad one", () => {
    expect(AlertSaveSearchInputSchema.parse({ filters: { bodyType: 'SUV', yearMin: '2018' } }).filters).toMatchObject({ bodyType: 'SUV', yearMin: 2018 });
    expect(AlertSaveSearchInputSchema.safeParse({ filters: { yearMin: 'abc' } }).error?.issues[0].path).toEqual(['filters', 'yearMin']);
  });

  it('watch between one and the most cars, by id', () => {
    const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    expect(AlertWatchPricesInputSchema.parse({ carIds: [id] }).carIds).toEqual([id]);
    expect(AlertWatchPricesInputSchema.safeParse({ carIds: [] }).error?.issues[0].message).toBe('carIds must name at least one car');
    expect(AlertWatchPricesInputSchema.safeParse({ carIds: Array(ALERT_MAX_WATCHED_CARS + 1).fill(id) }).success).toBe(false);
    expect(AlertWatchPricesInputSchema.safeParse({ carIds: ['nope'] }).error?.issues[0].path).toEqual(['carIds', 0]);
  });
});

describe('a saved search and its /cars address', () => {
  it('go both ways with the listing’s query names', () => {
    const query = new URLSearchParams('type=SUV&fuel=Diesel&yearFrom=2018&brands=toyota,nissan&page=3&sort=price_asc');
    const filters = searchFromQuery(query);
    expect(filters).toEqual({ bodyType: 'SUV', fuelType: 'Diesel', yearMin: '2018', brands: ['toyota', 'nissan'] });
    expect(searchPath(filters)).toBe('/cars?brands=toyota%2Cnissan&type=SUV&fuel=Diesel&yearFrom=2018');
    expect(describeSearch(AlertSaveSearchInputSchema.parse({ filters }).filters)).toBe('Toyota, Nissan, SUV, Diesel, 2018 or newer');
    expect(describeSearch({})).toBe('All cars');
    // A brand's model (the /cars model filter) is kept too.
    const prado = searchFromQuery(new URLSearchParams('brands=toyota&model=land-cruiser-prado'));
    expect(prado).toEqual({ brands: ['toyota'], model: 'land-cruiser-prado' });
    expect(searchPath(prado)).toBe('/cars?brands=toyota&model=land-cruiser-prado');
    expect(describeSearch(prado)).toBe('Toyota, Land Cruiser Prado');
  });
});
