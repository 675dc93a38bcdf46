import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
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

function renderBrand(slug: string) {
  return renderPage(<BrandDetailPage />, { route: `/brand/${slug}`, path: '/brand/:slug', api });
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
    // The brand and its cars travel in one HTTP request; the cars come from car.list by slug.
    expect(calls.map((c) => [c.procedure, c.batch])).toEqual([
      ['brand.bySlug', 1],
      ['car.list', 1],
    ]);
    expect(calls[1].input).toEqual({ brands: ['toyota'], pageSize: 48 });
  });

  it('says when the brand has no cars in stock', async () => {
    renderBrand('peugeot');
    expect(await screen.findByRole('heading', { name: 'Available Peugeot Inventory (0 Vehicles)' })).toBeInTheDocument();
    expect(screen.getByText('Currently no Peugeot vehicles in stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Vehicles' })).toHaveAttribute('href', '/cars');
  });

  it('says a count past the cap as "10,000+", in the heading and the link to the rest', async () => {
    renderBrand('mazda');
    expect(await screen.findByRole('heading', { name: 'Available Mazda Inventory (10,000+ Vehicles)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all 10,000+ Mazda vehicles' })).toHaveAttribute('href', '/cars?brands=mazda');
  });

  it('shows a not-found state for an unknown brand', async () => {
    renderBrand('no-such-brand');
    expect(await screen.findByRole('heading', { name: 'Brand Not Found' })).toBeInTheDocument();
  });
});
