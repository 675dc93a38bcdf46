import { TestTrpcProvider, type FakeApi } from '@dealership/web-trpc-client/testing';
import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { screen } from '@testing-library/react';
import { CarDetailPage } from './CarDetailPage';

function renderCar(car: ReturnType<typeof makeCar>) {
  const api: FakeApi = (procedure) => {
    if (procedure === 'car.bySlug') return { data: car };
    if (procedure === 'car.related') return { data: [] };
    return { data: null };
  };
  return renderWithProviders(
    <TestTrpcProvider api={api} calls={[]}>
      <CarDetailPage />
    </TestTrpcProvider>,
    { route: `/car/${car.slug}`, path: '/car/:slug' },
  );
}

describe('CarDetailPage (the car page with the lead forms)', () => {
  it('offers to ask about, test drive and finance a car that can be ordered', async () => {
    renderCar(makeCar({ slug: 'prado', status: 'Available' }));
    expect(await screen.findByRole('button', { name: 'Ask about this car' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book a test drive' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply for financing' })).toBeInTheDocument();
  });

  it('still takes a question about a sold car, but no test drive or financing', async () => {
    renderCar(makeCar({ slug: 'prado', status: 'Sold' }));
    expect(await screen.findByRole('button', { name: 'Ask about this car' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book a test drive' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply for financing' })).not.toBeInTheDocument();
  });
});
