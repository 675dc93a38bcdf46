import { EMPTY_FILTERS } from '../filters/car-filter-params';
import { brandFixedFilters } from './brand-listing';

describe('brandFixedFilters', () => {
  const toyota = brandFixedFilters('toyota');

  it('shows the brand as ticked and keeps the buyer on the page for every other filter, a model among them', () => {
    expect(toyota.filters).toEqual({ brands: ['toyota'] });
    expect(toyota.leaveFor({ ...EMPTY_FILTERS, brands: ['toyota'], model: 'prado', fuel: 'Diesel', sort: 'price_asc' })).toBeUndefined();
  });

  it('leads to /cars, the other filters kept, when the brand is unticked or another is ticked', () => {
    expect(toyota.leaveFor({ ...EMPTY_FILTERS, brands: [], fuel: 'Diesel' })).toBe('/cars?fuel=Diesel');
    expect(toyota.leaveFor({ ...EMPTY_FILTERS, brands: ['toyota', 'nissan'], type: 'SUV' })).toBe('/cars?brands=toyota%2Cnissan&type=SUV');
  });
});
