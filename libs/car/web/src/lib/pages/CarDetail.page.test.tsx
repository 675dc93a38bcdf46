import type { Car } from '@dealership/car-schemas';
import { parseDutyQuery } from '@dealership/setting-schemas';
import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderPage } from '../../testing';
import { CarDetailPage, importDutyLink, timeAgo, UNAVAILABLE_EXPLANATION, whatsappMessage } from './CarDetail.page';

const toyota = makeBrand({ name: 'Toyota', slug: 'toyota' });
const brandRef = { id: toyota.id, name: toyota.name, slug: toyota.slug, images: toyota.images };
const prado = makeCar({
  name: 'Toyota Land Cruiser Prado TX-L',
  slug: 'prado-tx-l',
  price: 7_600_000,
  year: 2019,
  brand: brandRef,
  description: 'Fresh import from Japan. '.repeat(10),
  seats: 7,
  torque: null,
  horsepower: 174,
  images: [
    { url: '/media/cars/prado-front.webp', publicId: 'cars/prado-front' },
    { url: '/media/cars/prado-side.webp', publicId: 'cars/prado-side' },
  ],
});

function api(related: ReturnType<typeof makeCar>[], car = prado): FakeApi {
  return (procedure, input) => {
    if (procedure === 'car.bySlug') {
      return (input as { slug: string }).slug === car.slug ? { data: car } : { error: { code: 'NOT_FOUND' } };
    }
    if (procedure === 'car.related') return { data: related };
    return { data: null };
  };
}

function renderDetail(slug = prado.slug, related: ReturnType<typeof makeCar>[] = []) {
  return renderPage(<CarDetailPage />, { route: `/car/${slug}`, path: '/car/:slug', api: api(related) });
}

describe('CarDetailPage', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the breadcrumb, brand badge, name, KES price, year and overview', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: prado.name })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(crumbs.getByRole('link', { name: 'Cars' })).toHaveAttribute('href', '/cars');
    expect(crumbs.getByRole('link', { name: 'Toyota' })).toHaveAttribute('href', '/brand/toyota');
    expect(crumbs.getByText(prado.name)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('KES 7,600,000')).toBeInTheDocument();
    expect(screen.getByLabelText('Model year 2019')).toHaveTextContent('2019');
    expect(screen.getByRole('heading', { name: 'Vehicle Overview' })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated/)).toBeInTheDocument();
  });

  it('shows the gallery with the first picture eager and first in line', async () => {
    renderDetail();
    const first = await screen.findByRole('img', { name: `${prado.name}, photo 1 of 2` });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first.getAttribute('srcset')).toContain('/media/cars/prado-front.w960.webp 960w');
    expect(screen.getByRole('img', { name: `${prado.name}, photo 2 of 2` })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toBeInTheDocument();
  });

  it('saves to favourites, links to the cart and to WhatsApp with the dealer phone', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Save to Favourites' }));
    expect(await screen.findByText('Added To Cart Successfully')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View Favourites' })).toHaveAttribute('href', '/cart');
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp Us' });
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/254711222333?text=${encodeURIComponent("I'm interested in the Toyota Land Cruiser Prado TX-L (KES 7,600,000), stock number ST-00001: https://cars.example/car/prado-tx-l")}`,
    );
  });

  it('lists the technical specifications present', async () => {
    renderDetail();
    const specs = within(await screen.findByRole('region', { name: 'Technical Specifications' }));
    for (const label of ['Fuel Type', 'Mileage', 'Drive Type', 'Engine Size', 'Transmission', 'Year', 'Seats', 'Horse Power']) {
      expect(specs.getByText(label)).toBeInTheDocument();
    }
    expect(specs.queryByText('Torque')).not.toBeInTheDocument();
  });

  it('shows similar cars of the brand with View Details and Save', async () => {
    const other = makeCar({ name: 'Toyota Harrier', slug: 'harrier', brand: brandRef, price: 3_950_000 });
    renderDetail(prado.slug, [other]);
    const section = within(await screen.findByRole('region', { name: 'Similar Toyota Vehicles' }));
    expect(await section.findByRole('heading', { name: 'Toyota Harrier' })).toBeInTheDocument();
    expect(section.getByText('sh. 3,950,000')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'View Details of Toyota Harrier' })).toHaveAttribute('href', '/car/harrier');
    fireEvent.click(section.getByRole('button', { name: 'Save Toyota Harrier' }));
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
  });

  it('says when the brand has no similar cars', async () => {
    renderDetail();
    expect(await screen.findByText('Currently no similar Toyota vehicles available.')).toBeInTheDocument();
  });

  it('shows a not-found state for an unknown slug, not a spinner', async () => {
    renderDetail('no-such-car');
    expect(await screen.findByRole('heading', { name: 'Car Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Our Inventory' })).toHaveAttribute('href', '/cars');
  });
});

describe('helpers', () => {
  it("links the duty estimator with the car's fuel, which the estimator reads (Electric: its electric rules; hybrids: petrol)", () => {
    const link = (fuelType: Car['fuelType']) => importDutyLink(makeCar({ fuelType, year: 2019, engineSize: 1800 }));
    const fuelRead = (fuelType: Car['fuelType']) => parseDutyQuery(Object.fromEntries(new URL(link(fuelType), 'https://x').searchParams)).fuel;
    expect(link('Diesel')).toBe('/import-duty?registered=2019-01&cc=1800&fuel=diesel');
    expect(fuelRead('Electric')).toBe('electric');
    expect(fuelRead('Diesel')).toBe('diesel');
    for (const fuel of ['Petrol', 'Hybrid', 'Plug-in Hybrid'] as const) expect(fuelRead(fuel)).toBe('petrol');
  });

  it('shows the vehicle data rows from the server: stock number, colour, and only the end of the chassis number', async () => {
    renderPage(<CarDetailPage />, {
      route: `/car/${prado.slug}`,
      path: '/car/:slug',
      api: api([], { ...prado, stockNumber: 'ST-00042', exteriorColour: 'Pearl White', warranty: '6 months', chassisNumberEnd: '234567' }),
    });
    const specs = within(await screen.findByRole('region', { name: 'Technical Specifications' }));
    for (const [label, value] of [
      ['Condition', prado.condition],
      ['Body Type', prado.bodyType],
      ['Colour', 'Pearl White'],
      ['Warranty', '6 months'],
      ['Stock No.', 'ST-00042'],
      ['Chassis No. (last 6)', '234567'],
    ]) {
      expect(specs.getByText(label).nextSibling).toHaveTextContent(value);
    }
  });

  it.each([
    ['Reserved', UNAVAILABLE_EXPLANATION.Reserved],
    ['Sold', UNAVAILABLE_EXPLANATION.Sold],
  ] as const)('marks a %s car and disables saving it, saying why', async (status, explanation) => {
    renderPage(<CarDetailPage />, { route: `/car/${prado.slug}`, path: '/car/:slug', api: api([], { ...prado, status }) });
    await screen.findByRole('heading', { level: 1, name: prado.name });
    expect(screen.getByText(status)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save to Favourites' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(explanation);
    fireEvent.click(save);
    expect(window.localStorage.getItem('cart')).toBeNull();
  });

  it('shows no status badge and no explanation for an Available car', async () => {
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: prado.name });
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save to Favourites' })).toBeEnabled();
  });

  it('words the WhatsApp message with the name, the KES price, the stock number and the page (the inbox finds the car by either)', () => {
    expect(whatsappMessage({ name: 'Mazda CX-5', price: 3_650_000, stockNumber: 'ST-00012', slug: 'mazda-cx-5' }, 'https://cars.example')).toBe(
      "I'm interested in the Mazda CX-5 (KES 3,650,000), stock number ST-00012: https://cars.example/car/mazda-cx-5",
    );
  });

  it('gives a relative time for Last updated', () => {
    const now = Date.parse('2025-01-15T10:00:00Z');
    expect(timeAgo('2025-01-12T10:00:00Z', now)).toBe('3 days ago');
    expect(timeAgo('2025-01-15T09:59:30Z', now)).toBe('now');
  });
});

describe('sharing and recently viewed', () => {
  beforeEach(() => window.localStorage.clear());

  it('shares the car to WhatsApp and Facebook with its address, name and price', async () => {
    renderDetail();
    const share = within(await screen.findByRole('group', { name: 'Share this car:' }));
    const url = 'https://cars.example/car/prado-tx-l';
    const whatsapp = share.getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`Toyota Land Cruiser Prado TX-L (KES 7,600,000) ${url}`)}`);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(share.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
  });

  it("copies the car's address with a toast", async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://cars.example/car/prado-tx-l');
  });

  it('notes the car as recently viewed and lists the others, not itself', async () => {
    window.localStorage.setItem(
      'recentlyViewed',
      JSON.stringify([{ slug: 'toyota-harrier', name: 'Toyota Harrier', price: 4_200_000, year: 2018, image: '/media/cars/harrier.webp' }]),
    );
    renderDetail();
    const recent = within(await screen.findByRole('region', { name: 'Recently viewed' }));
    expect(recent.getByRole('link', { name: /2018 Toyota Harrier/ })).toHaveAttribute('href', '/car/toyota-harrier');
    expect(recent.queryByText(/Prado/)).not.toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem('recentlyViewed') ?? '[]') as { slug: string }[];
    expect(stored.map((car) => car.slug)).toEqual(['prado-tx-l', 'toyota-harrier']);
  });

  it('shows no Recently viewed section when this is the only car seen', async () => {
    renderDetail();
    await screen.findByRole('group', { name: 'Share this car:' });
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();
  });

  it("offers the phone's share sheet where the browser has one", async () => {
    const share = jest.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderDetail();
      fireEvent.click(await screen.findByRole('button', { name: 'More…' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: prado.name, url: 'https://cars.example/car/prado-tx-l' }));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });
});
