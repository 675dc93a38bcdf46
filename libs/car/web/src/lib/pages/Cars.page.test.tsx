import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../testing';
import { CarsPage } from './Cars.page';

const brands = [makeBrand({ name: 'Toyota', slug: 'toyota' }), makeBrand({ name: 'Subaru', slug: 'subaru' }), makeBrand({ name: 'Mazda', slug: 'mazda' })];

function carPage(total: number, page = 1) {
  const count = Math.max(0, Math.min(12, total - (page - 1) * 12));
  const items = Array.from({ length: count }, (_, i) => makeCar({ name: `Car ${(page - 1) * 12 + i + 1}`, slug: `car-${page}-${i}` }));
  return { items, total, page, pageSize: 12, pageCount: Math.ceil(total / 12) };
}

const api =
  (total = 3): FakeApi =>
  (procedure, input) => {
    if (procedure === 'brand.list') return { data: brands };
    if (procedure === 'car.models') return { data: (input as { brand: string }).brand === 'toyota' ? toyotaModels : [] };
    if (procedure === 'car.recentlySold') return { data: [] };
    const page = typeof input === 'object' && input !== null && 'page' in input ? Number(input.page) : 1;
    return { data: carPage(total, page) };
  };

const toyotaModels = [
  { model: 'Land Cruiser Prado', slug: 'land-cruiser-prado', count: 3 },
  { model: 'Harrier', slug: 'harrier', count: 1 },
];

function location() {
  return screen.getByRole('status', { name: 'Current location' }).textContent;
}

describe('CarsPage', () => {
  it('has the spec heading, subtitle and filter panel', async () => {
    renderPage(<CarsPage />, { route: '/cars', api: api() });
    expect(screen.getByRole('heading', { level: 1, name: 'Premium Cars for Sale in Mombasa, Kenya' })).toBeInTheDocument();
    expect(screen.getByText(/100% delivery record/)).toBeInTheDocument();
    // The panel is a deferred part of the page: its code comes after the page's.
    expect(await screen.findByPlaceholderText('Search by make, model or type...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RESET FILTERS' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('group', { name: 'Price Range (KES)' })).toBeInTheDocument();
    const prices = within(screen.getByRole('group', { name: 'Price Range (KES)' })).getAllByRole('radio');
    expect(prices.map((radio) => radio.getAttribute('value'))).toEqual(['250K-500K', '500K-1M', '1M-2M', '2M-3M', '3M-4M', '4M-5M', '5M-50M']);
  });

  it("opens the panel with 'Show Filters' on small screens and closes it with 'Show N cars'", async () => {
    renderPage(<CarsPage />, { route: '/cars', api: api(30) });
    const toggle = screen.getByRole('button', { name: 'Show Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('car-filters')).toHaveAttribute('data-open');
    fireEvent.click(await screen.findByRole('button', { name: 'Show 30 cars' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('car-filters')).not.toHaveAttribute('data-open');
  });

  it("closes the sheet with 'Close Filters' at its top (spec §9)", () => {
    renderPage(<CarsPage />, { route: '/cars', api: api(30) });
    fireEvent.click(screen.getByRole('button', { name: 'Show Filters' }));
    const close = screen.getByRole('button', { name: 'Close Filters' });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    expect(close).toHaveAttribute('aria-controls', 'car-filters');
    fireEvent.click(close);
    expect(document.getElementById('car-filters')).not.toHaveAttribute('data-open');
    expect(screen.getByRole('button', { name: 'Show Filters' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('narrows by body type, condition, fuel, transmission, years and mileage, all in the URL', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars', api: api() });
    const choose = (label: string, value: string) => fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });
    choose('Body type', 'SUV');
    choose('Condition', 'Foreign Used');
    choose('Fuel', 'Diesel');
    choose('Transmission', 'Automatic');
    choose('Year from', '2015');
    choose('Year to', '2020');
    choose('Mileage up to', '80000');
    expect(location()).toBe('/cars?type=SUV&condition=Foreign+Used&fuel=Diesel&transmission=Automatic&yearFrom=2015&yearTo=2020&mileageTo=80000');
    await waitFor(() =>
      expect(calls.at(-1)?.input).toMatchObject({
        bodyType: 'SUV',
        condition: 'Foreign Used',
        fuelType: 'Diesel',
        transmission: 'Automatic',
        yearMin: 2015,
        yearMax: 2020,
        mileageMax: 80_000,
      }),
    );
    choose('Fuel', '');
    expect(location()).not.toContain('fuel=');
  });

  it('offers the models of one chosen brand from the server, keeps the model in the URL and drops it when the brands change', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars', api: api() });
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Toyota' }));
    const model = await screen.findByRole('combobox', { name: 'Model' });
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Land Cruiser Prado (3)', 'Harrier (1)']);
    expect(calls.find((c) => c.procedure === 'car.models')?.input).toEqual({ brand: 'toyota' });
    fireEvent.change(model, { target: { value: 'land-cruiser-prado' } });
    expect(location()).toBe('/cars?brands=toyota&model=land-cruiser-prado');
    await waitFor(() =>
      expect(calls.filter((c) => c.procedure === 'car.list').at(-1)?.input).toMatchObject({ brands: ['toyota'], model: 'land-cruiser-prado' }),
    );
    // A second brand: no single brand's models, and the model goes.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Subaru' }));
    expect(location()).toBe('/cars?brands=toyota%2Csubaru');
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
  });

  it('offers the new fuels: Hybrid, Plug-in Hybrid and Electric', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars', api: api() });
    const fuel = screen.getByRole('combobox', { name: 'Fuel' });
    expect(
      within(fuel)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Petrol', 'Diesel', 'Hybrid', 'Plug-in Hybrid', 'Electric']);
    fireEvent.change(fuel, { target: { value: 'Plug-in Hybrid' } });
    expect(location()).toBe('/cars?fuel=Plug-in+Hybrid');
    await waitFor(() => expect(calls.filter((c) => c.procedure === 'car.list').at(-1)?.input).toMatchObject({ fuelType: 'Plug-in Hybrid' }));
  });

  it('sorts on the server and keeps the order through RESET FILTERS', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars?fuel=Petrol&page=2', api: api(30) });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_asc' } });
    expect(location()).toBe('/cars?fuel=Petrol&sort=price_asc');
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ sort: 'price_asc', fuelType: 'Petrol', page: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'RESET FILTERS' }));
    expect(location()).toBe('/cars?sort=price_asc');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  });

  it('preselects the brand of ?make= and asks the server with make', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars?make=Toyota', api: api() });
    expect(await screen.findByRole('checkbox', { name: 'Toyota' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Subaru' })).not.toBeChecked();
    expect(calls.find((c) => c.procedure === 'car.list')?.input).toMatchObject({ make: 'Toyota', page: 1, pageSize: 12 });
  });

  it('selects several brands and keeps them in the URL', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars?make=Toyota', api: api() });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Subaru' }));
    expect(location()).toBe('/cars?brands=toyota%2Csubaru');
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ brands: ['toyota', 'subaru'] }));
    expect(calls.at(-1)?.input).not.toHaveProperty('make');
    expect(screen.getByRole('checkbox', { name: 'Toyota' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Subaru' })).toBeChecked();
  });

  it('lets one price range at most be chosen', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars', api: api() });
    fireEvent.click(screen.getByRole('radio', { name: '1M-2M' }));
    fireEvent.click(screen.getByRole('radio', { name: '2M-3M' }));
    expect(screen.getByRole('radio', { name: '1M-2M' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '2M-3M' })).toBeChecked();
    expect(location()).toBe('/cars?price=2M-3M');
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ priceRange: '2M-3M' }));
  });

  it('searches after a pause in typing', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars', api: api() });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' prado ' } });
    expect(location()).toBe('/cars');
    await waitFor(() => expect(location()).toBe('/cars?search=prado'));
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ search: 'prado' }));
  });

  it('RESET FILTERS clears brands, price and search text', async () => {
    renderPage(<CarsPage />, { route: '/cars?brands=subaru&price=1M-2M&search=axio&type=Sedan', api: api() });
    expect(await screen.findByRole('checkbox', { name: 'Subaru' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('axio');
    expect(screen.getByRole('combobox', { name: 'Body type' })).toHaveValue('Sedan');
    fireEvent.click(screen.getByRole('button', { name: 'RESET FILTERS' }));
    expect(location()).toBe('/cars');
    expect(screen.getByRole('checkbox', { name: 'Subaru' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '1M-2M' })).not.toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Body type' })).toHaveValue('');
  });

  it('sends ?type= as the body type and can drop it', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars?type=SUV', api: api() });
    await screen.findAllByRole('article');
    expect(calls.find((c) => c.procedure === 'car.list')?.input).toMatchObject({ bodyType: 'SUV' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Body type' }), { target: { value: '' } });
    expect(location()).toBe('/cars');
  });

  it('pages through the results on the server', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars', api: api(30) });
    expect(await screen.findByText('Showing 1-12 of 30 cars')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(location()).toBe('/cars?page=3');
    expect(await screen.findByText('Showing 25-30 of 30 cars')).toBeInTheDocument();
    expect(calls.filter((c) => c.procedure === 'car.list').map((c) => (c.input as { page: number }).page)).toEqual([1, 3]);
  });

  it("shows a total the server capped as '10,000+', with the pages up to the cap", async () => {
    const capped: FakeApi = (procedure) =>
      procedure === 'brand.list' || procedure === 'car.recentlySold'
        ? { data: procedure === 'brand.list' ? brands : [] }
        : { data: { ...carPage(12), total: 10_000, totalCapped: true, pageCount: Math.ceil(10_000 / 12) } };
    renderPage(<CarsPage />, { route: '/cars', api: capped });
    expect(await screen.findByText('Showing 1-12 of 10,000+ cars')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 834' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    renderPage(<CarsPage />, { route: '/cars?price=250K-500K', api: api(0) });
    expect(await screen.findByRole('heading', { name: 'No cars match your filters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all cars' })).toHaveAttribute('href', '/cars');
  });

  it('shows an error with a retry instead of spinning forever', async () => {
    renderPage(<CarsPage />, {
      route: '/cars',
      api: (procedure) => (procedure === 'brand.list' ? { data: brands } : { error: { code: 'INTERNAL_SERVER_ERROR' } }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the cars');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('CarsPage recently sold', () => {
  it('shows the cars sold lately, each marked Sold and linking to its page', async () => {
    const sold = makeCar({ name: 'Toyota Harrier 2.0', slug: 'toyota-harrier-2-0', price: 3_950_000, year: 2017, status: 'Sold' });
    const withSold: FakeApi = (procedure, input) => (procedure === 'car.recentlySold' ? { data: [sold] } : api()(procedure, input));
    renderPage(<CarsPage />, { route: '/cars', api: withSold });
    const strip = within(await screen.findByRole('region', { name: 'Recently sold' }));
    const link = strip.getByRole('link', { name: /2017 Toyota Harrier 2.0/ });
    expect(link).toHaveAttribute('href', '/car/toyota-harrier-2-0');
    expect(link).toHaveTextContent('Sold');
    expect(link).toHaveTextContent('KES 3,950,000');
  });

  it('shows no strip when nothing was sold lately', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars', api: api() });
    await waitFor(() => expect(calls.some((call) => call.procedure === 'car.recentlySold')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Recently sold' })).not.toBeInTheDocument();
  });
});
