import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { BrandCarCard } from './BrandCarCard';

describe('BrandCarCard', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows condition, year, name, a 60-character description, the price with Negotiable and the specs', () => {
    const car = makeCar({
      name: 'Toyota Harrier',
      slug: 'harrier',
      condition: 'Foreign Used',
      year: 2018,
      price: 3_950_000,
      description: 'D'.repeat(60) + 'tail',
      engineSize: 1990,
      fuelType: 'Petrol',
      seats: 5,
      safetyRating: 4,
    });
    renderWithProviders(<BrandCarCard car={car} />);
    expect(screen.getByText('Foreign Used')).toBeInTheDocument();
    expect(screen.getByLabelText('Year 2018')).toHaveTextContent('2018');
    expect(screen.getByRole('heading', { name: 'Toyota Harrier' })).toBeInTheDocument();
    expect(screen.getByText(`${'D'.repeat(60)}...`)).toBeInTheDocument();
    expect(screen.getByText('KES 3,950,000')).toBeInTheDocument();
    expect(screen.getByText('Negotiable')).toBeInTheDocument();
    expect(screen.getByText('1990 cc')).toBeInTheDocument();
    expect(screen.getByText('Petrol')).toBeInTheDocument();
    expect(screen.getByText('5 seats')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Safety rating: 4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Details of Toyota Harrier' })).toHaveAttribute('href', '/car/harrier');
  });

  it("falls back to condition 'New', year 'N/A', 5 stars and 5 seats", () => {
    renderWithProviders(<BrandCarCard car={makeCar({ condition: undefined, year: undefined, safetyRating: null, seats: null })} />);
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByLabelText('Year N/A')).toHaveTextContent('N/A');
    expect(screen.getByRole('img', { name: 'Safety rating: 5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('5 seats')).toBeInTheDocument();
  });

  it("Save adds the car to the favourites with the brand page's toast", async () => {
    const car = makeCar({ name: 'Subaru XV' });
    renderWithProviders(<BrandCarCard car={car} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Subaru XV' }));
    expect(await screen.findByText('Added to favorites successfully')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toEqual([car]);
  });

  it('marks a Reserved car, and nothing on an Available one', () => {
    const { unmount } = renderWithProviders(<BrandCarCard car={makeCar({ name: 'Held Harrier', status: 'Reserved' })} />);
    expect(screen.getByText('Reserved')).toBeInTheDocument();
    unmount();
    renderWithProviders(<BrandCarCard car={makeCar({ name: 'Free Harrier', status: 'Available' })} />);
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
    expect(screen.queryByText('Available')).not.toBeInTheDocument();
  });
});
