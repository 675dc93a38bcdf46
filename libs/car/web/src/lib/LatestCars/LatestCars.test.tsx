import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { act, screen } from '@testing-library/react';
import { LatestCars } from './LatestCars';

describe('LatestCars', () => {
  it('shows at most 8 cars and a View More link to /cars', () => {
    const cars = Array.from({ length: 10 }, (_, i) => makeCar({ name: `Car ${i}`, slug: `car-${i}` }));
    renderWithProviders(<LatestCars cars={cars} isLoading={false} isError={false} onRetry={jest.fn()} />);
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/cars');
  });

  it('shows a loading state', () => {
    renderWithProviders(<LatestCars cars={undefined} isLoading isError={false} onRetry={jest.fn()} />);
    expect(screen.getByRole('status', { name: 'Loading the latest cars' })).toBeInTheDocument();
  });

  it('shows an error with a retry button instead of spinning forever', () => {
    const onRetry = jest.fn();
    renderWithProviders(<LatestCars cars={undefined} isLoading={false} isError onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the latest cars');
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
