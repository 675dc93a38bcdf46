import { makeBrand, makeCar } from '@dealership/web-ui/testing';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_CAR_COPY } from './admin-car-copy';
import { AdminCarsPage } from './AdminCars.page';
import { callsOf, otherScreensAnswer, type FakeApi } from '@dealership/web-trpc-client/testing';
import { currentLocation, renderAdmin } from './admin-testing';

const toyota = makeBrand({ name: 'Toyota', slug: 'toyota' });
const subaru = makeBrand({ name: 'Subaru', slug: 'subaru', images: [{ url: '/media/brands/subaru.webp', publicId: 'brands/subaru' }] });
const brandRef = ({ id, name, slug, images }: typeof toyota) => ({ id, name, slug, images });

const prado = makeCar({ name: 'Toyota Prado', slug: 'toyota-prado', price: 6_500_000, fuelType: 'Diesel', featured: true, brand: brandRef(toyota) });
const forester = makeCar({ name: 'Subaru Forester', slug: 'subaru-forester', price: 2_950_000, fuelType: 'Petrol', status: 'Sold', brand: brandRef(subaru) });

function pageOf(cars = [prado, forester], total = cars.length, page = 1) {
  return { items: cars, total, page, pageSize: 12, pageCount: Math.max(1, Math.ceil(total / 12)) };
}

const api =
  (options: { cars?: (typeof prado)[]; total?: number; remove?: 'ok' | 'fail'; drafts?: unknown[] } = {}): FakeApi =>
  (procedure, input) => {
    const other = otherScreensAnswer(procedure);
    if (other) return other;
    if (procedure === 'brand.list') return { data: [toyota, subaru] };
    if (procedure === 'car.drafts') return { data: options.drafts ?? [] };
    if (procedure === 'car.dismissDraft') return { data: input };
    if (procedure === 'car.remove')
      return options.remove === 'fail' ? { error: { code: 'NOT_FOUND', message: 'Car not found' } } : { data: { id: (input as { id: string }).id } };
    const page = Number((input as { page?: number }).page ?? 1);
    return { data: pageOf(options.cars, options.total, page) };
  };

describe('AdminCarsPage', () => {
  afterEach(() => act(() => notifications.clean()));

  it('shows a card per car: brand and logo, picture, name, price, fuel, status, Featured and the three buttons', async () => {
    const { calls } = renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars', api: api() });
    expect(screen.getByRole('status', { name: 'Loading cars' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: 'Toyota Prado' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Toyota' })).toHaveAttribute('href', '/brand/toyota');
    expect(first.getByRole('img', { name: '2019 Toyota Prado' }).closest('a')).toHaveAttribute('href', '/dashboard/admin/car/toyota-prado');
    expect(first.getByText('sh. 6,500,000')).toBeInTheDocument();
    expect(first.getByText('Diesel')).toBeInTheDocument();
    expect(first.getByText('Available')).toBeInTheDocument();
    expect(first.getByText(/Featured/)).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View Toyota Prado' })).toHaveAttribute('href', '/car/toyota-prado');
    expect(first.getByRole('link', { name: 'Update Toyota Prado' })).toHaveAttribute('href', '/dashboard/admin/car/toyota-prado');
    expect(first.getByRole('button', { name: 'Delete Toyota Prado' })).toHaveTextContent(ADMIN_CAR_COPY.deleteButton);

    const second = within(cards[1]);
    expect(second.getByText('Sold')).toBeInTheDocument();
    expect(second.queryByText(/Featured/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: ADMIN_CAR_COPY.createButton })).toHaveAttribute('href', '/dashboard/admin/create-product');
    expect(callsOf(calls, 'car.manage')[0].input).toEqual({ page: 1, pageSize: 12 });
  });

  it('reads its filters from the URL and sends them to car.manage', async () => {
    const { calls } = renderAdmin(<AdminCarsPage />, {
      route: `/dashboard/admin/cars?search=prado&brand=${toyota.id}&status=Sold&page=2`,
      api: api({ total: 30 }),
    });
    await screen.findAllByRole('article');
    expect(callsOf(calls, 'car.manage')[0].input).toEqual({ search: 'prado', brandId: toyota.id, status: 'Sold', page: 2, pageSize: 12 });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('prado');
  });

  it('keeps search (after a pause), status and page in the URL', async () => {
    const { calls } = renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars', api: api({ total: 30 }) });
    await screen.findAllByRole('article');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' forester ' } });
    expect(currentLocation()).toBe('/dashboard/admin/cars');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/admin/cars?search=forester'));
    await waitFor(() => expect(callsOf(calls, 'car.manage').at(-1)?.input).toMatchObject({ search: 'forester', page: 1 }));

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(currentLocation()).toBe('/dashboard/admin/cars?search=forester&page=3');
    await waitFor(() => expect(callsOf(calls, 'car.manage').at(-1)?.input).toMatchObject({ search: 'forester', page: 3 }));
  });

  it('filters by status and brand from the pickers', async () => {
    renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars?page=2', api: api({ total: 30 }) });
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Reserved' }));
    expect(currentLocation()).toBe('/dashboard/admin/cars?status=Reserved');

    fireEvent.click(screen.getByRole('combobox', { name: 'Brand' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Subaru' }));
    expect(currentLocation()).toBe(`/dashboard/admin/cars?brand=${subaru.id}&status=Reserved`);
  });

  it('confirms a delete with the spec dialog, then says so and reloads the list', async () => {
    const { calls } = renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars', api: api() });
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Subaru Forester' }));

    const dialog = await screen.findByRole('dialog', { name: ADMIN_CAR_COPY.deleteTitle });
    expect(within(dialog).getByText(ADMIN_CAR_COPY.deleteQuestion)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: ADMIN_CAR_COPY.deleteCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(calls, 'car.remove')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Subaru Forester' }));
    act(() => within(screen.getByRole('dialog')).getByRole('button', { name: ADMIN_CAR_COPY.deleteConfirm }).click());
    expect(await screen.findByText(ADMIN_CAR_COPY.deleting)).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_CAR_COPY.deleted)).toBeInTheDocument();
    expect(callsOf(calls, 'car.remove')[0].input).toEqual({ id: forester.id });
    await waitFor(() => expect(callsOf(calls, 'car.manage')).toHaveLength(2));
  });

  it('refreshes every car query and the activity log after a delete, not just this list', async () => {
    const { calls } = renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars', api: api(), otherScreens: true });
    await screen.findAllByRole('article');
    await waitFor(() => expect(callsOf(calls, 'audit.list')).toHaveLength(1));
    expect(callsOf(calls, 'car.featured')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Subaru Forester' }));
    act(() => within(screen.getByRole('dialog')).getByRole('button', { name: ADMIN_CAR_COPY.deleteConfirm }).click());
    expect(await screen.findByText(ADMIN_CAR_COPY.deleted)).toBeInTheDocument();
    await waitFor(() => expect(callsOf(calls, 'car.featured')).toHaveLength(2));
    await waitFor(() => expect(callsOf(calls, 'audit.list')).toHaveLength(2));
  });

  it("says 'Error in Deleting car' when the delete fails", async () => {
    renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars', api: api({ remove: 'fail' }) });
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Toyota Prado' }));
    act(() => within(screen.getByRole('dialog')).getByRole('button', { name: ADMIN_CAR_COPY.deleteConfirm }).click());
    expect(await screen.findByText(ADMIN_CAR_COPY.deleteFailed)).toBeInTheDocument();
    expect(screen.queryByText(ADMIN_CAR_COPY.deleted)).not.toBeInTheDocument();
  });

  it("shows a total the server capped as '10,000+'", async () => {
    const capped: FakeApi = (procedure, input) => {
      const answer = api()(procedure, input);
      return procedure === 'car.manage' ? { data: { ...pageOf(), total: 10_000, totalCapped: true, pageCount: Math.ceil(10_000 / 12) } } : answer;
    };
    renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars', api: capped });
    expect(await screen.findByText('Showing 1-2 of 10,000+ cars')).toBeInTheDocument();
  });

  it('says when there are no cars yet', async () => {
    renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars', api: api({ cars: [] }) });
    expect(await screen.findByRole('heading', { name: 'No cars yet' })).toBeInTheDocument();
  });

  it('says when no car matches, with a way to clear the filters', async () => {
    renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars?status=Sold', api: api({ cars: [] }) });
    expect(await screen.findByRole('heading', { name: 'No cars match these filters' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentLocation()).toBe('/dashboard/admin/cars');
  });

  it('shows an error with a retry when the list cannot load', async () => {
    renderAdmin(<AdminCarsPage />, {
      route: '/dashboard/admin/cars',
      api: (procedure) => (procedure === 'car.manage' ? { error: { code: 'INTERNAL_SERVER_ERROR' } } : { data: [] }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the cars');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists the trade-ins to list, each with Create listing and Dismiss (after a confirmation)', async () => {
    const draft = {
      id: '00000000-0000-4000-8000-0000000d4af7',
      offerReference: 'OFR-00012',
      title: '2015 Toyota Axio, 120,000 km',
      make: 'Toyota',
      model: 'Axio',
      year: 2015,
      mileage: 120_000,
      photos: [],
      createdAt: '2026-12-01T09:00:00.000Z',
    };
    const { calls } = renderAdmin(<AdminCarsPage />, { route: '/dashboard/admin/cars', api: api({ drafts: [draft] }) });
    const section = await screen.findByRole('region', { name: ADMIN_CAR_COPY.tradeInsTitle });
    const item = within(section).getByRole('article', { name: draft.title });
    expect(item).toHaveTextContent('OFR-00012 · taken in on 1 Dec 2026');
    expect(within(item).getByRole('link', { name: `${ADMIN_CAR_COPY.createListing}: ${draft.title}` })).toHaveAttribute(
      'href',
      `/dashboard/admin/create-product?draft=${draft.id}`,
    );
    fireEvent.click(within(item).getByRole('button', { name: `Dismiss ${draft.title}` }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_CAR_COPY.dismissTitle });
    expect(callsOf(calls, 'car.dismissDraft')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: ADMIN_CAR_COPY.dismissConfirm }));
    await waitFor(() => expect(callsOf(calls, 'car.dismissDraft')).toEqual([expect.objectContaining({ input: { id: draft.id } })]));
  });
});
