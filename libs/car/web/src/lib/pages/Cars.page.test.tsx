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
    const page = typeof input === 'object' && input !== null && 'page' in input ? Number(input.page) : 1;
    return { data: carPage(total, page) };
  };

function location() {
  return screen.getByRole('status', { name: 'Current location' }).textContent;
}

describe('CarsPage', () => {
  it('has the spec heading, subtitle and filter panel', async () => {
    renderPage(<CarsPage />, { route: '/cars', api: api() });
    expect(screen.getByRole('heading', { level: 1, name: 'Premium Cars for Sale in Mombasa, Kenya' })).toBeInTheDocument();
    expect(screen.getByText(/100% delivery record/)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by make, model or type...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RESET FILTERS' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('group', { name: 'Price Range (KES)' })).toBeInTheDocument();
    const prices = within(screen.getByRole('group', { name: 'Price Range (KES)' })).getAllByRole('radio');
    expect(prices.map((radio) => radio.getAttribute('value'))).toEqual(['250K-500K', '500K-1M', '1M-2M', '2M-3M', '3M-4M', '4M-5M', '5M-50M']);
  });

  it("toggles the panel with 'Show Filters' / 'Close Filters' on small screens", () => {
    renderPage(<CarsPage />, { route: '/cars', api: api() });
    const toggle = screen.getByRole('button', { name: 'Show Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close Filters' })).toHaveAttribute('aria-expanded', 'true');
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
    expect(screen.getByText('Type: Sedan')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'RESET FILTERS' }));
    expect(location()).toBe('/cars');
    expect(screen.getByRole('checkbox', { name: 'Subaru' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '1M-2M' })).not.toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByText('Type: Sedan')).not.toBeInTheDocument();
  });

  it('sends ?type= as the body type and can drop it', async () => {
    const { calls } = renderPage(<CarsPage />, { route: '/cars?type=SUV', api: api() });
    await screen.findAllByRole('article');
    expect(calls.find((c) => c.procedure === 'car.list')?.input).toMatchObject({ bodyType: 'SUV' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Type: SUV' }));
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
      procedure === 'brand.list' ? { data: brands } : { data: { ...carPage(12), total: 10_000, totalCapped: true, pageCount: Math.ceil(10_000 / 12) } };
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
