import { type CarLanding, type CarLandingInput, landingDescription, landingIntro, landingWords } from '@dealership/car-schemas';
import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing';
import { CarLandingPage } from './CarLanding.page';

const brands = [makeBrand({ name: 'Toyota', slug: 'toyota' }), makeBrand({ name: 'Nissan', slug: 'nissan' })];
type Figures = Omit<CarLanding, 'words' | 'intro' | 'description'>;
const figures: Figures = { brand: null, model: null, count: 2, priceMin: 1_250_000, priceMax: 4_800_000, averageMileage: 64_000 };

/** The server's answer: the figures with the words it writes from them (car-landing-words, as CarLandingService does). */
function answer(input: CarLandingInput, landing: Figures): CarLanding | undefined {
  const words = landingWords(input, landing);
  return words && { ...landing, words, intro: landingIntro(words, landing), description: landingDescription(words, landing) };
}

const api =
  (landing: Figures | 'missing' = figures): FakeApi =>
  (procedure, input) => {
    if (procedure === 'brand.list') return { data: brands };
    if (procedure === 'car.landing') {
      const page = landing === 'missing' ? undefined : answer(input as CarLandingInput, landing);
      return page ? { data: page } : { error: { code: 'NOT_FOUND', message: 'No such page of cars' } };
    }
    if (procedure === 'car.models')
      return {
        data: [
          { model: 'Land Cruiser Prado', slug: 'land-cruiser-prado', count: 2 },
          { model: 'Harrier', slug: 'harrier', count: 1 },
        ],
      };
    const items = [makeCar({ name: 'Toyota Harrier', slug: 'toyota-harrier' }), makeCar({ name: 'Toyota Prado', slug: 'toyota-prado' })];
    return { data: { items, total: 2, totalCapped: false, page: 1, pageSize: 12, pageCount: 1 } };
  };

const location = () => screen.getByRole('status', { name: 'Current location' }).textContent;
const listInput = (calls: { procedure: string; input: unknown }[]) => calls.filter((c) => c.procedure === 'car.list').at(-1)?.input;

describe('CarLandingPage', () => {
  it('is /cars with the body type fixed: its heading, figures, the list narrowed, links to the other pages', async () => {
    const { calls } = renderPage(<CarLandingPage />, { route: '/cars/body/suv', path: '/cars/:group/:value', api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'SUVs for Sale in Kenya' })).toBeInTheDocument();
    expect(screen.getByText('We have 2 SUVs in stock in Mombasa, priced from KES 1,250,000 to KES 4,800,000, with 64,000 km on the clock on average.')).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(listInput(calls)).toMatchObject({ bodyType: 'SUV' });
    expect(calls.find((c) => c.procedure === 'car.landing')?.input).toEqual({ page: 'body', bodyType: 'suv' });
    expect(await screen.findByRole('combobox', { name: 'Body type' })).toHaveValue('SUV');
    const more = await screen.findByRole('navigation', { name: 'More cars' });
    expect(within(more).getByRole('link', { name: 'Station Wagons' })).toHaveAttribute('href', '/cars/body/station-wagon');
    expect(within(more).queryByRole('link', { name: 'SUVs' })).not.toBeInTheDocument();
    expect(within(more).getByRole('link', { name: 'Under KES 1.5 million' })).toHaveAttribute('href', '/cars/under/1.5-million');
    expect(within(more).getByRole('link', { name: 'Foreign Used cars' })).toHaveAttribute('href', '/cars/foreign-used');
  });

  it('keeps the buyer’s refinements in the query; another body type is its own page, none is /cars', async () => {
    const { calls } = renderPage(<CarLandingPage />, { route: '/cars/body/suv', path: '/cars/:group/:value', api: api() });
    await screen.findAllByRole('article');
    fireEvent.change(screen.getByRole('combobox', { name: 'Fuel' }), { target: { value: 'Diesel' } });
    expect(location()).toBe('/cars/body/suv?fuel=Diesel');
    await waitFor(() => expect(listInput(calls)).toMatchObject({ bodyType: 'SUV', fuelType: 'Diesel' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Body type' }), { target: { value: 'Sedan' } });
    expect(location()).toBe('/cars/body/sedan?fuel=Diesel');
  });

  it('lists a budget band up to its price; choosing a price range leaves for /cars', async () => {
    // The page inside routes of its own, so the location probe stays when it leaves.
    const page = (
      <Routes>
        <Route path="/cars/:group/:value" element={<CarLandingPage />} />
        <Route path="*" element={null} />
      </Routes>
    );
    const { calls } = renderPage(page, { route: '/cars/under/1.5-million', api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars Under KES 1.5 Million in Kenya' })).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(listInput(calls)).toMatchObject({ priceMax: 1_500_000 });
    const more = screen.getByRole('navigation', { name: 'More cars' });
    // The neighbouring bands.
    expect(within(more).getAllByRole('link', { name: /^Under KES/ }).map((a) => a.getAttribute('href'))).toEqual(['/cars/under/1-million', '/cars/under/2-million']);
    fireEvent.click(screen.getByRole('radio', { name: /2M-3M/ }));
    expect(location()).toBe('/cars?price=2M-3M');
  });

  it('names a model page after the catalogue’s brand and model, with the brand’s other models', async () => {
    const { calls } = renderPage(<CarLandingPage />, {
      route: '/cars/toyota/land-cruiser-prado',
      path: '/cars/:group/:value',
      api: api({ ...figures, brand: { name: 'Toyota', slug: 'toyota' }, model: 'Land Cruiser Prado' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Toyota Land Cruiser Prado for Sale in Kenya' })).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(listInput(calls)).toMatchObject({ brands: ['toyota'], model: 'land-cruiser-prado' });
    const more = screen.getByRole('navigation', { name: 'More cars' });
    expect(within(more).getByRole('heading', { name: 'Other Toyota models' })).toBeInTheDocument();
    expect(within(more).getByRole('link', { name: 'Toyota Harrier' })).toHaveAttribute('href', '/cars/toyota/harrier');
    expect(within(more).queryByRole('link', { name: 'Toyota Land Cruiser Prado' })).not.toBeInTheDocument();
    expect(within(more).getByRole('link', { name: 'All Toyota vehicles' })).toHaveAttribute('href', '/brand/toyota');
    expect(screen.getByRole('link', { name: 'Toyota' })).toHaveAttribute('href', '/brand/toyota');
    // The panel shows the page's brand and model; another model is that model's page.
    const model = await screen.findByRole('combobox', { name: 'Model' });
    expect(model).toHaveValue('land-cruiser-prado');
    fireEvent.change(model, { target: { value: 'harrier' } });
    expect(location()).toBe('/cars/toyota/harrier');
  });

  it('says so when a known page has no cars, and suggests its neighbours', async () => {
    renderPage(<CarLandingPage />, {
      route: '/cars/under/1-million',
      path: '/cars/:group/:value',
      api: api({ ...figures, count: 0, priceMin: null, priceMax: null, averageMileage: null }),
    });
    expect(await screen.findByText('We have no cars under KES 1 million in stock right now.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Under KES 1.5 million' })).toHaveAttribute('href', '/cars/under/1.5-million');
    expect(screen.getByRole('link', { name: 'Browse all cars' })).toHaveAttribute('href', '/cars');
  });

  it('suggests the other pages of its own kind first when it has no cars: other body types on a body page', async () => {
    renderPage(<CarLandingPage />, {
      route: '/cars/body/coupe',
      path: '/cars/:group/:value',
      api: api({ ...figures, count: 0, priceMin: null, priceMax: null, averageMileage: null }),
    });
    expect(await screen.findByText('We have no Coupes in stock right now.')).toBeInTheDocument();
    const first = screen.getByRole('navigation', { name: 'Similar cars' });
    expect(within(first).getByRole('heading', { name: 'Other body types' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'SUVs' })).toHaveAttribute('href', '/cars/body/suv');
  });

  it('shows the not-found page for a body type that is none of ours, asking nothing', async () => {
    const { calls } = renderPage(<CarLandingPage />, { route: '/cars/body/tank', path: '/cars/:group/:value', api: api() });
    // Its code comes when needed (LandingStates); the server renders it with the 404.
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the not-found page for a model the catalogue does not know', async () => {
    renderPage(<CarLandingPage />, { route: '/cars/toyota/no-such', path: '/cars/:group/:value', api: api('missing') });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
