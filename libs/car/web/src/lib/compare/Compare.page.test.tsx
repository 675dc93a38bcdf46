import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { ComparePage } from './Compare.page';
import { CompareToggle } from './CompareToggle';

const vitz = makeCar({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Toyota Vitz',
  slug: 'toyota-vitz',
  price: 900_000,
  mileage: 60_000,
  year: 2017,
});
const cx5 = makeCar({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Mazda CX-5',
  slug: 'mazda-cx-5',
  price: 2_400_000,
  mileage: 30_000,
  year: 2019,
});

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

function renderCompare(api: FakeApi, route: string) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <ComparePage />
      <Where />
    </TestTrpcProvider>,
    { route },
  );
  return calls;
}

describe('ComparePage', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the cars of the URL side by side, the best values marked', async () => {
    const calls = renderCompare(() => ({ data: [vitz, cx5] }), '/compare?cars=toyota-vitz,mazda-cx-5');
    const table = await screen.findByRole('table', {
      name: 'Comparison of Toyota Vitz, Mazda CX-5',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringContaining('Toyota Vitz'), expect.stringContaining('Mazda CX-5')]);
    const price = within(table).getByRole('row', { name: /^Price/ });
    expect(
      within(price)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['KES 900,000Best', 'KES 2,400,000']);
    const mileage = within(table).getByRole('row', { name: /^Mileage/ });
    expect(
      within(mileage)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['60,000 Kms', '30,000 KmsBest']);
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([['car.compare', { slugs: ['toyota-vitz', 'mazda-cx-5'] }]]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('removes a car from the comparison and from the URL', async () => {
    renderCompare(
      (_procedure, input) => ({
        data: [vitz, cx5].filter((car) => (input as { slugs: string[] }).slugs.includes(car.slug)),
      }),
      '/compare?cars=toyota-vitz,mazda-cx-5',
    );
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Remove Toyota Vitz from the comparison',
      }),
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/compare?cars=mazda-cx-5'));
    expect(await screen.findByText(/Add another car to compare/)).toBeInTheDocument();
  });

  it('says which cars of a shared link are gone', async () => {
    renderCompare(() => ({ data: [cx5] }), '/compare?cars=sold-and-removed,mazda-cx-5');
    expect(await screen.findByText('One of the cars in this link is no longer listed.')).toBeInTheDocument();
  });

  it('without cars, offers the picked ones and the catalogue', async () => {
    window.localStorage.setItem(
      'compare',
      JSON.stringify([
        { slug: 'toyota-vitz', name: 'Toyota Vitz' },
        { slug: 'mazda-cx-5', name: 'Mazda CX-5' },
      ]),
    );
    const calls = renderCompare(() => ({ data: [] }), '/compare');
    expect(screen.getByText('Pick 2 to 4 cars to compare them side by side.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compare your 2 picked cars' })).toHaveAttribute('href', '/compare?cars=toyota-vitz,mazda-cx-5');
    expect(screen.getByRole('link', { name: 'Browse All Vehicles' })).toHaveAttribute('href', '/cars');
    expect(calls).toEqual([]);
  });
});

describe('CompareToggle', () => {
  beforeEach(() => window.localStorage.clear());

  it('picks and unpicks a car, and refuses a fifth', async () => {
    window.localStorage.setItem('compare', JSON.stringify(['a', 'b', 'c'].map((slug) => ({ slug, name: slug.toUpperCase() }))));
    renderWithProviders(
      <>
        <CompareToggle car={vitz} />
        <CompareToggle car={cx5} />
      </>,
    );
    const vitzToggle = screen.getByRole('button', {
      name: 'Compare Toyota Vitz',
    });
    expect(vitzToggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(vitzToggle);
    expect(vitzToggle).toHaveAttribute('aria-pressed', 'true');
    expect(vitzToggle).toHaveTextContent('Comparing');
    fireEvent.click(screen.getByRole('button', { name: 'Compare Mazda CX-5' }));
    expect(await screen.findByText('You can compare up to 4 cars: remove one from the comparison first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compare Mazda CX-5' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(vitzToggle);
    expect(vitzToggle).toHaveAttribute('aria-pressed', 'false');
  });
});
