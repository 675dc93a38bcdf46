import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../testing';
import { CarSearchPage } from './CarSearch.page';

const brands = [makeBrand({ name: 'Toyota', slug: 'toyota' }), makeBrand({ name: 'Mazda', slug: 'mazda' })];

const api =
  (found: number): FakeApi =>
  (procedure) =>
    procedure === 'brand.list'
      ? { data: brands }
      : {
          data: {
            items: Array.from({ length: found }, (_, i) => makeCar({ name: `Prado ${i}`, slug: `prado-${i}` })),
            total: found,
            page: 1,
            pageSize: 12,
            pageCount: found ? 1 : 0,
          },
        };

describe('CarSearchPage', () => {
  it("shows 'Search results for: ' and the query, with its results as cards", async () => {
    const { calls } = renderPage(<CarSearchPage />, { route: '/car-search?search=land%20cruiser', api: api(2) });
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for: land cruiser' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(calls.find((c) => c.procedure === 'car.list')?.input).toMatchObject({ search: 'land cruiser' });
  });

  it('offers the brand and price filters; reset keeps the query', async () => {
    renderPage(<CarSearchPage />, { route: '/car-search?search=prado&brands=mazda&price=1M-2M', api: api(1) });
    expect(await screen.findByRole('checkbox', { name: 'Mazda' })).toBeChecked();
    expect(screen.queryByPlaceholderText('Search by make, model or type...', { exact: true })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'RESET FILTERS' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/car-search?search=prado'));
    expect(screen.getByRole('checkbox', { name: 'Mazda' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '1M-2M' })).not.toBeChecked();
  });

  it("shows the not-found image and a 'cars' link to /login when nothing matches", async () => {
    renderPage(<CarSearchPage />, { route: '/car-search?search=ferrari', api: api(0) });
    expect(await screen.findByRole('img', { name: 'No cars found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'cars' })).toHaveAttribute('href', '/login');
  });
});
