import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { act, screen } from '@testing-library/react';
import { CarCard } from './CarCard';

describe('CarCard', () => {
  beforeEach(() => window.localStorage.clear());

  it('cuts the description to 50 characters plus an ellipsis', () => {
    const description = 'A'.repeat(50) + 'B'.repeat(20);
    renderWithProviders(<CarCard car={makeCar({ description })} />);
    expect(screen.getByText(`${'A'.repeat(50)}...`)).toBeInTheDocument();
    expect(screen.queryByText(/B/)).not.toBeInTheDocument();
  });

  it('leaves a short description as it is', () => {
    renderWithProviders(<CarCard car={makeCar({ description: 'Clean and low mileage.' })} />);
    expect(screen.getByText('Clean and low mileage.')).toBeInTheDocument();
  });

  it("shows the price as 'sh.' plus the formatted amount, engine size and fuel type", () => {
    renderWithProviders(<CarCard car={makeCar({ price: 6_500_000, engineSize: 2800, fuelType: 'Diesel' })} />);
    expect(screen.getByText('sh. 6,500,000')).toBeInTheDocument();
    expect(screen.getByText('2800 cc')).toBeInTheDocument();
    expect(screen.getByText('Diesel')).toBeInTheDocument();
  });

  it('shows no engine size for an electric car (0: none), its fuel instead', () => {
    renderWithProviders(<CarCard car={makeCar({ engineSize: 0, fuelType: 'Electric' })} />);
    expect(screen.queryByText(/\bcc$/)).not.toBeInTheDocument();
    expect(screen.getByText('Electric')).toBeInTheDocument();
  });

  it('marks a car whose 150-point inspection report is on its page, and no other', () => {
    const { unmount } = renderWithProviders(<CarCard car={makeCar({ inspected: true })} />);
    expect(screen.getByText('Inspected')).toBeInTheDocument();
    unmount();
    renderWithProviders(<CarCard car={makeCar({ inspected: false })} />);
    expect(screen.queryByText('Inspected')).not.toBeInTheDocument();
  });

  it('defaults to 5 safety stars and 5 seats', () => {
    renderWithProviders(<CarCard car={makeCar({ safetyRating: null, seats: null })} />);
    expect(screen.getByRole('img', { name: 'Safety rating: 5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('5 seats')).toBeInTheDocument();
  });

  it('shows the given safety rating and seats', () => {
    renderWithProviders(<CarCard car={makeCar({ safetyRating: 4, seats: 7 })} />);
    expect(screen.getByRole('img', { name: 'Safety rating: 4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('7 seats')).toBeInTheDocument();
  });

  it('links the image, name and View button to the car and the brand to its page', () => {
    const car = makeCar({ name: 'Subaru Forester', slug: 'subaru-forester', year: 2018 });
    renderWithProviders(<CarCard car={car} />);

    const image = screen.getByRole('img', { name: '2018 Subaru Forester' });
    expect(image).toHaveAttribute('loading', 'lazy');
    // 3:2 like the stored pictures, with the server's width variants to choose from.
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '320');
    expect(image.getAttribute('srcset')).toContain('/media/cars/prado.w480.webp 480w');
    expect(image).toHaveAttribute('sizes');
    expect(image.closest('a')).toHaveAttribute('href', '/car/subaru-forester');
    expect(screen.getByRole('link', { name: 'Subaru Forester' })).toHaveAttribute('href', '/car/subaru-forester');
    expect(screen.getByRole('link', { name: 'View Subaru Forester' })).toHaveAttribute('href', '/car/subaru-forester');
    expect(screen.getByRole('link', { name: /Toyota/ })).toHaveAttribute('href', '/brand/toyota');
    expect(screen.getByRole('img', { name: 'Toyota logo' })).toBeInTheDocument();
  });

  it('copes with a car without brand or photos', () => {
    renderWithProviders(<CarCard car={makeCar({ brand: null, images: [], name: 'Mystery Van' })} />);
    expect(screen.getByRole('img', { name: 'No photo of Mystery Van yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Toyota/ })).not.toBeInTheDocument();
  });

  it("'Add To Likes' saves the car to the cart in localStorage and confirms", async () => {
    const car = makeCar();
    renderWithProviders(<CarCard car={car} />);

    act(() => screen.getByRole('button', { name: 'Add To Likes' }).click());
    act(() => screen.getByRole('button', { name: 'Add To Likes' }).click());

    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toEqual([car, car]);
    expect((await screen.findAllByText('Added to Favourites Successfully')).length).toBeGreaterThan(0);
  });

  it.each(['Reserved', 'Sold'] as const)('shows a %s badge on the photo', (status) => {
    renderWithProviders(<CarCard car={makeCar({ status })} />);
    expect(screen.getByText(status)).toBeInTheDocument();
  });

  it('shows no status badge for an Available car', () => {
    renderWithProviders(<CarCard car={makeCar({ status: 'Available' })} />);
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();
  });
});
