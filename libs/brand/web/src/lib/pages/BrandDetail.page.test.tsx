import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { trpc } from '@dealership/web-trpc-client';
import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
import { useParams, useSearchParams } from 'react-router-dom';
import { renderPage } from '../../testing';
import { BrandDetailPage } from './BrandDetail.page';

const toyota = makeBrand({ name: 'Toyota', slug: 'toyota', description: 'The most trusted name on Kenyan roads.' });
const peugeot = makeBrand({ name: 'Peugeot', slug: 'peugeot' });
const mazda = makeBrand({ name: 'Mazda', slug: 'mazda' });
const toyotaCars = Array.from({ length: 3 }, (_, i) => makeCar({ name: `Toyota ${i + 1}`, slug: `toyota-${i + 1}` }));

const api: FakeApi = (procedure, input) => {
  const slug = (input as { slug?: string; brands?: string[] }).slug ?? (input as { brands: string[] }).brands[0];
  if (procedure === 'brand.bySlug') {
    const brand = [toyota, peugeot, mazda].find((b) => b.slug === slug);
    return brand ? { data: brand } : { error: { code: 'NOT_FOUND' } };
  }
  if (slug === 'mazda') return { data: { items: toyotaCars, total: 10_000, totalCapped: true, page: 1, pageSize: 48, pageCount: 209 } };
  const items = slug === 'toyota' ? toyotaCars : [];
  return { data: { items, total: items.length, page: 1, pageSize: 48, pageCount: items.length ? 1 : 0 } };
};

/**
 * The app gives the page the car domain's listing (filters, sort, pages); here a plain list of the
 * brand's cars drawn with the page's cards, `?model=` standing for any filter the buyer sets.
 */
function BrandWithCars() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const cars = trpc.car.list.useQuery({ brands: [slug], pageSize: 12 });
  return (
    <BrandDetailPage
      inventory={{
        cars: cars.data,
        refined: params.has('model'),
        render: ({ renderCard, empty }) => (cars.data?.total === 0 ? empty : <div>{cars.data?.items.map((car, i) => <div key={car.id}>{renderCard(car, i === 0)}</div>)}</div>),
      }}
    />
  );
}

function renderBrand(slug: string, query = '') {
  return renderPage(<BrandWithCars />, { route: `/brand/${slug}${query}`, path: '/brand/:slug', api });
}

describe('BrandDetailPage', () => {
  it('shows the breadcrumb, title, description, logo and the counted inventory', async () => {
    const { calls } = renderBrand('toyota');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toyota Vehicles in Kenya' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(crumbs.getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/brands');
    expect(crumbs.getByText('Toyota')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('The most trusted name on Kenyan roads.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Toyota logo' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Available Toyota Inventory (3 Vehicles)' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    // The brand and its cars travel in one HTTP request.
    expect(calls.map((c) => c.batch)).toEqual([1, 1]);
  });

  it('says when the brand has no cars in stock', async () => {
    renderBrand('peugeot');
    expect(await screen.findByRole('heading', { name: 'Available Peugeot Inventory (0 Vehicles)' })).toBeInTheDocument();
    expect(screen.getByText('Currently no Peugeot vehicles in stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Vehicles' })).toHaveAttribute('href', '/cars');
  });

  it('says a count past the cap as "10,000+"', async () => {
    renderBrand('mazda');
    expect(await screen.findByRole('heading', { name: 'Available Mazda Inventory (10,000+ Vehicles)' })).toBeInTheDocument();
  });

  it('says when the buyer\'s filters leave none of the brand\'s cars, with the way back to all of them', async () => {
    renderBrand('peugeot', '?model=208');
    expect(await screen.findByRole('heading', { name: 'No Peugeot vehicles match your filters' })).toBeInTheDocument();
    expect(screen.queryByText('Currently no Peugeot vehicles in stock')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all Peugeot vehicles' })).toHaveAttribute('href', '/brand/peugeot');
  });

  it('shows a not-found state for an unknown brand', async () => {
    renderBrand('no-such-brand');
    expect(await screen.findByRole('heading', { name: 'Brand Not Found' })).toBeInTheDocument();
  });
});
