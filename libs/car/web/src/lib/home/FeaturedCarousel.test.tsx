import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { FeaturedCarousel } from './FeaturedCarousel';

const cars = Array.from({ length: 6 }, (_, i) => makeCar({ name: `Car ${i + 1}`, slug: `car-${i + 1}`, price: (i + 1) * 1_000_000 }));

function activeSlide() {
  return screen.getAllByRole('group', { hidden: true }).find((slide) => slide.getAttribute('aria-hidden') !== 'true');
}

describe('FeaturedCarousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows 5 slides, each a name and a starting price', () => {
    renderWithProviders(<FeaturedCarousel cars={cars} isLoading={false} />);
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(5);
    expect(activeSlide()).toHaveAccessibleName('1 of 5');
    expect(activeSlide()).toHaveTextContent('Car 1');
    expect(activeSlide()).toHaveTextContent('Starting from KES 1,000,000');
    expect(screen.getAllByRole('button', { name: /^Show slide/ })).toHaveLength(5);
  });

  it('advances every 5000 ms and wraps after the last slide', () => {
    renderWithProviders(<FeaturedCarousel cars={cars} isLoading={false} />);
    act(() => jest.advanceTimersByTime(4999));
    expect(activeSlide()).toHaveTextContent('Car 1');
    act(() => jest.advanceTimersByTime(1));
    expect(activeSlide()).toHaveTextContent('Car 2');
    // Each slide schedules the next step once it is shown.
    for (const next of ['Car 3', 'Car 4', 'Car 5', 'Car 1']) {
      act(() => jest.advanceTimersByTime(5000));
      expect(activeSlide()).toHaveTextContent(next);
    }
  });

  it('has previous and next buttons and indicator dots', () => {
    renderWithProviders(<FeaturedCarousel cars={cars} isLoading={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlide()).toHaveTextContent('Car 5');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()).toHaveTextContent('Car 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3: Car 3' }));
    expect(activeSlide()).toHaveTextContent('Car 3');
    expect(screen.getByRole('button', { name: 'Show slide 3: Car 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('pauses while hovered', () => {
    renderWithProviders(<FeaturedCarousel cars={cars} isLoading={false} />);
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Featured cars' }));
    act(() => jest.advanceTimersByTime(15000));
    expect(activeSlide()).toHaveTextContent('Car 1');
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Featured cars' }));
    act(() => jest.advanceTimersByTime(5000));
    expect(activeSlide()).toHaveTextContent('Car 2');
  });
});
