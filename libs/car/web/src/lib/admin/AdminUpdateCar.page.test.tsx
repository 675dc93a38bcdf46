import { makeStaffCar } from '@dealership/web-ui/testing';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_CAR_COPY } from './admin-car-copy';
import { callsOf, createHold, otherScreensAnswer, type FakeApi } from '@dealership/web-trpc-client/testing';
import { currentLocation, renderAdmin, type RenderAdminOptions } from './admin-testing';
import { AdminUpdateCarPage } from './AdminUpdateCar.page';

jest.mock('@dealership/media-web', () => {
  const actual = jest.requireActual('@dealership/media-web');
  return {
    ...actual,
    useImageUploads: (options: object) =>
      actual.useImageUploads({
        ...options,
        resize: async (file: Blob) => file,
        upload: async (_file: Blob, { fileName }: { fileName: string }) => {
          if (fileName.startsWith('broken')) throw new Error('Error uploading image');
          return { url: '/media/cars/new.webp', publicId: 'cars/new', width: 800, height: 600 };
        },
      }),
  };
});

jest.setTimeout(30_000);

beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined });
});

const front = { url: '/media/cars/front.webp', publicId: 'cars/front' };
const side = { url: '/media/cars/side.webp', publicId: 'cars/side' };
const back = { url: '/media/cars/back.webp', publicId: 'cars/back' };

const car = makeStaffCar({
  name: 'Subaru Forester',
  slug: 'subaru-forester',
  description: 'All-wheel drive family SUV.',
  price: 2_950_000,
  fuelType: 'Petrol',
  transmission: 'Automatic',
  engineSize: 2000,
  mileage: 78_000,
  year: 2016,
  seats: 5,
  drive: '4 WD',
  horsepower: 148,
  torque: 196,
  accelerationSeconds: 10.6,
  groundClearanceMm: 220,
  fuelTankLitres: 60,
  safetyRating: 5,
  warranty: '6 months engine',
  model: 'Forester',
  exteriorColour: 'Dark Blue Mica',
  interiorColour: 'Black',
  stockNumber: 'ST-00042',
  chassisNumber: 'SJ5-0123456',
  condition: 'Foreign Used',
  bodyType: 'SUV',
  status: 'Reserved',
  featured: true,
  images: [front, side, back],
});

interface Options {
  removeImage?: 'ok' | 'fail';
  update?: ReturnType<FakeApi>;
}

function api({ removeImage = 'ok', update }: Options = {}): FakeApi {
  let images = car.images;
  return (procedure, input) => {
    const other = otherScreensAnswer(procedure);
    if (other) return other;
    if (procedure === 'car.forStaff') {
      return (input as { slug: string }).slug === car.slug ? { data: { ...car, images } } : { error: { code: 'NOT_FOUND', message: 'Car not found: nope' } };
    }
    if (procedure === 'car.removeImage') {
      if (removeImage === 'fail') return { error: { code: 'NOT_FOUND', message: 'Image not found on this car' } };
      images = images.filter((image) => image.publicId !== (input as { publicId: string }).publicId);
      return { data: { ...car, images } };
    }
    if (procedure === 'car.update') return update ?? { data: { ...car, ...(input as object) } };
    return { data: null };
  };
}

function render(options: Options = {}, slug = car.slug, extra: Pick<RenderAdminOptions, 'holdWrites' | 'otherScreens'> = {}) {
  return renderAdmin(<AdminUpdateCarPage />, { route: `/dashboard/admin/car/${slug}`, path: '/dashboard/admin/car/:slug', api: api(options), ...extra });
}

const updateButton = () => screen.getByRole('button', { name: ADMIN_CAR_COPY.updateButton });

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' });
const submit = () => act(() => screen.getByRole('button', { name: ADMIN_CAR_COPY.updateButton }).click());

describe('AdminUpdateCarPage', () => {
  afterEach(() => act(() => notifications.clean()));

  it('loads the car by slug and fills every field; the brand is read-only', async () => {
    const { calls } = render();
    expect(await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton })).toBeInTheDocument();
    expect(callsOf(calls, 'car.forStaff')[0].input).toEqual({ slug: 'subaru-forester' });
    const expected: [string, string][] = [
      ['Car Name', 'Subaru Forester'],
      ['Car Description', 'All-wheel drive family SUV.'],
      ['Car Price', '2,950,000'],
      ['Fuel Type', 'Petrol'],
      ['Transmission Type', 'Automatic'],
      ['Engine Size', '2,000'],
      ['Car Mileage', '78,000'],
      ['Year of Manufacture', '2016'],
      ['Seats', '5'],
      ['Drive Type', '4 WD'],
      ['Horsepower', '148'],
      ['Torque', '196'],
      ['Acceleration', '10.6'],
      ['Ground Clearance', '220'],
      ['Fuel Tank Capacity', '60'],
      ['Safety Rating', '5'],
      ['Body Type', 'SUV'],
      ['Condition', 'Foreign Used'],
      ['Status', 'Reserved'],
      ['Warranty', '6 months engine'],
      ['Model', 'Forester'],
      ['Exterior Colour', 'Dark Blue Mica'],
      ['Interior Colour', 'Black'],
      ['Stock Number', 'ST-00042'],
      // Staff see the whole chassis number (car.forStaff), never only its end.
      ['Chassis No. / VIN', 'SJ5-0123456'],
    ];
    for (const [label, value] of expected) expect(field(label)).toHaveValue(value);
    expect(screen.getByRole('switch', { name: /Featured/ })).toBeChecked();
    expect(screen.queryByRole('combobox', { name: /Car Brand/ })).not.toBeInTheDocument();
    expect(screen.getByText('Toyota')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_CAR_COPY.brandNotice)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Car Images' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('ties every label to a control; the read-only brand and the picture list are named by plain text', async () => {
    render();
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });
    const orphans = Array.from(document.querySelectorAll('label')).filter((label) => !label.control);
    expect(orphans.map((label) => label.textContent)).toEqual([]);
    expect(screen.getByText('Car Brand').tagName).toBe('DIV');
    expect(screen.getByRole('button', { name: 'Car Images' })).toHaveAccessibleDescription(/first picture is the main one/);
  });

  it('removes a saved picture on the server, reloads the car and keeps what was typed', async () => {
    const { calls } = render();
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });
    fireEvent.change(field('Car Name'), { target: { value: 'Subaru Forester XT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    expect(await screen.findByText(ADMIN_CAR_COPY.imageDeleted)).toBeInTheDocument();
    expect(callsOf(calls, 'car.removeImage')[0].input).toEqual({ carId: car.id, publicId: 'cars/side' });
    await waitFor(() => expect(callsOf(calls, 'car.forStaff')).toHaveLength(2));
    expect(within(screen.getByRole('list', { name: 'Car Images' })).getAllByRole('listitem')).toHaveLength(2);
    expect(field('Car Name')).toHaveValue('Subaru Forester XT');
  });

  it("says 'Error in deleting Image' and keeps the picture when the removal fails", async () => {
    render({ removeImage: 'fail' });
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    expect(await screen.findByText(ADMIN_CAR_COPY.imageDeleteFailed)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Car Images' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('waits for a picture removal: its remove control and Update Car are disabled, a second click is ignored', async () => {
    const hold = createHold();
    const { calls } = render({}, car.slug, { holdWrites: hold.wait });
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });

    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove picture 2' })).toBeDisabled());
    expect(updateButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove picture 1' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    // Submitting anyway (Enter in a field) sends nothing while the picture is being deleted.
    fireEvent.submit(screen.getByRole('form', { name: ADMIN_CAR_COPY.updateButton }));

    await act(async () => hold.release());
    expect(await screen.findByText(ADMIN_CAR_COPY.imageDeleted)).toBeInTheDocument();
    await waitFor(() => expect(updateButton()).toBeEnabled());
    expect(callsOf(calls, 'car.removeImage')).toHaveLength(1);
    expect(callsOf(calls, 'car.update')).toHaveLength(0);
    expect(within(screen.getByRole('list', { name: 'Car Images' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('refreshes every car query and the activity log after a picture removal and after saving', async () => {
    const { calls } = render({}, car.slug, { otherScreens: true });
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });
    await waitFor(() => expect(callsOf(calls, 'audit.list')).toHaveLength(1));
    expect(callsOf(calls, 'car.featured')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 3' }));
    expect(await screen.findByText(ADMIN_CAR_COPY.imageDeleted)).toBeInTheDocument();
    await waitFor(() => expect(callsOf(calls, 'car.featured')).toHaveLength(2));
    await waitFor(() => expect(callsOf(calls, 'audit.list')).toHaveLength(2));

    await waitFor(() => expect(updateButton()).toBeEnabled());
    submit();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/admin/cars'));
    await waitFor(() => expect(callsOf(calls, 'car.featured')).toHaveLength(3));
    await waitFor(() => expect(callsOf(calls, 'audit.list')).toHaveLength(3));
  });

  it('warns near Update Car that a failed picture will not be saved, and still allows saving', async () => {
    const { calls } = render();
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });
    fireEvent.change(screen.getByLabelText('Car Images', { selector: 'input' }), {
      target: { files: [new File([new Uint8Array(8)], 'broken.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByText('1 picture failed to upload and will not be saved — remove it or try again')).toBeInTheDocument();
    expect(updateButton()).toBeEnabled();
    submit();
    await waitFor(() => expect(callsOf(calls, 'car.update')).toHaveLength(1));
    expect((callsOf(calls, 'car.update')[0].input as { images: unknown }).images).toEqual([front, side, back]);
  });

  it("sends the changes with 'Updating...', the pictures in order, then goes to the list", async () => {
    const { calls } = render();
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });
    fireEvent.change(field('Car Price'), { target: { value: '2800000' } });
    fireEvent.change(field('Torque'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: /Featured/ }));
    fireEvent.change(screen.getByLabelText('Car Images', { selector: 'input' }), {
      target: { files: [new File([new Uint8Array(8)], 'new.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Car Images' })).getAllByRole('listitem')).toHaveLength(4));
    await waitFor(() => expect(screen.getByRole('button', { name: ADMIN_CAR_COPY.updateButton })).toBeEnabled());
    submit();
    expect(await screen.findByText(ADMIN_CAR_COPY.updating)).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_CAR_COPY.updated)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/admin/cars'));
    const input = callsOf(calls, 'car.update')[0].input as Record<string, unknown>;
    expect(input).toMatchObject({ id: car.id, price: 2_800_000, torque: null, featured: false, name: 'Subaru Forester', status: 'Reserved' });
    expect(input['images']).toEqual([front, side, back, { url: '/media/cars/new.webp', publicId: 'cars/new' }]);
    expect(input).not.toHaveProperty('brandId');
  });

  it("shows the server's message when the update is refused", async () => {
    render({ update: { error: { code: 'BAD_REQUEST', message: 'Another car was saved with this name at the same moment; please try again', field: 'name' } } });
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });
    submit();
    // The toast, and the name field the server named.
    await waitFor(() => expect(screen.getAllByText('Another car was saved with this name at the same moment; please try again')).toHaveLength(2));
    expect(currentLocation()).toBe('/dashboard/admin/car/subaru-forester');
  });

  it('checks the fields before sending', async () => {
    const { calls } = render();
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.updateButton });
    fireEvent.change(field('Car Description'), { target: { value: '   ' } });
    submit();
    expect(await screen.findAllByText('Description is required')).toHaveLength(2);
    expect(callsOf(calls, 'car.update')).toHaveLength(0);
  });

  it('Cancel goes back to the cars list', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: ADMIN_CAR_COPY.cancelButton }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/admin/cars'));
  });

  it('shows a not-found state with a link back for an unknown slug', async () => {
    render({}, 'nope');
    expect(await screen.findByRole('heading', { name: ADMIN_CAR_COPY.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ADMIN_CAR_COPY.backToList })).toHaveAttribute('href', '/dashboard/admin/cars');
  });
});
