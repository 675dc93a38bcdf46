import { UPLOADING_MESSAGE } from '@dealership/media-web';
import { makeBrand } from '@dealership/web-ui/testing';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN_CAR_COPY, CREATE_EXCEPTION_TOAST_MS, VEHICLE_FIELD_HINTS } from './admin-car-copy';
import { AdminCreateCarPage } from './AdminCreateCar.page';
import { callsOf, otherScreensAnswer, type FakeApi } from '@dealership/web-trpc-client/testing';
import { currentLocation, renderAdmin } from './admin-testing';

/** Uploads wait for this gate (open unless a test closes it). */
let uploadGate: Promise<void> = Promise.resolve();

jest.mock('@dealership/media-web', () => {
  const actual = jest.requireActual('@dealership/media-web');
  return {
    ...actual,
    // The real list, with the browser resize and the upload request replaced.
    useImageUploads: (options: object) =>
      actual.useImageUploads({
        ...options,
        resize: async (file: Blob) => file,
        upload: async (_file: Blob, { fileName }: { fileName: string }) => {
          await uploadGate;
          return { url: `/media/cars/${fileName.replace('.jpg', '')}.webp`, publicId: `cars/${fileName.replace('.jpg', '')}`, width: 800, height: 600 };
        },
      }),
  };
});

// Filling a whole car form through its pickers takes a few seconds on a busy two-core machine.
jest.setTimeout(30_000);

beforeAll(() => {
  let n = 0;
  Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => undefined });
});

const toyota = makeBrand({ name: 'Toyota', slug: 'toyota' });
const mazda = makeBrand({ name: 'Mazda', slug: 'mazda', images: [] });

const created = (input: unknown) => ({ data: { ...(input as object), id: '00000000-0000-4000-8000-00000000c0de', slug: 'toyota-axio' } });

const api =
  (create: (input: unknown) => ReturnType<FakeApi> = created): FakeApi =>
  (procedure, input) =>
    otherScreensAnswer(procedure) ?? (procedure === 'brand.list' ? { data: [toyota, mazda] } : create(input));

/** Renders the page and waits for its form (loaded on first use). */
async function render(answer?: Parameters<typeof api>[0]) {
  const result = renderAdmin(<AdminCreateCarPage />, { route: '/dashboard/admin/create-product', path: '/dashboard/admin/create-product', api: api(answer) });
  await screen.findByRole('button', { name: ADMIN_CAR_COPY.createButton });
  return result;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' });
const type = (label: string, value: string) => {
  fireEvent.change(field(label), { target: { value } });
};

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function addPictures(...names: string[]) {
  const files = names.map((name) => new File([new Uint8Array(16)], name, { type: 'image/jpeg' }));
  fireEvent.change(screen.getByLabelText('Car Images', { selector: 'input' }), { target: { files } });
  await waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Picture/ })).toHaveLength(names.length));
}

const submit = () => act(() => screen.getByRole('button', { name: ADMIN_CAR_COPY.createButton }).click());

/** The message of the last toast shown. */
const lastToast = (show: jest.SpyInstance) => (show.mock.calls.at(-1)?.[0] as { message?: string } | undefined)?.message;

async function fillValidCar() {
  await choose('Car Brand', 'Toyota');
  await addPictures('front.jpg', 'back.jpg');
  type('Car Name', 'Toyota Axio');
  type('Car Price', '1850000');
  await choose('Fuel Type', 'Petrol');
  await choose('Transmission Type', 'Automatic');
  type('Engine Size', '1500');
  type('Car Mileage', '64000');
  type('Year of Manufacture', '2017');
  await choose('Drive Type', '2 WD');
  type('Car Description', 'A frugal family sedan.');
  await choose('Body Type', 'Sedan');
}

describe('AdminCreateCarPage', () => {
  let show: jest.SpyInstance;
  beforeEach(() => {
    uploadGate = Promise.resolve();
    show = jest.spyOn(notifications, 'show');
  });
  afterEach(() => {
    show.mockRestore();
    act(() => notifications.clean());
  });

  it('has every field with the spec labels, the brand notice and the picture upload', async () => {
    await render();
    for (const label of [
      'Car Name',
      'Car Description',
      'Car Price',
      'Engine Size',
      'Car Mileage',
      'Year of Manufacture',
      'Seats',
      'Horsepower',
      'Torque',
      'Acceleration',
      'Ground Clearance',
      'Fuel Tank Capacity',
      'Safety Rating',
      'Warranty',
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    for (const label of ['Car Brand', 'Fuel Type', 'Transmission Type', 'Drive Type', 'Body Type', 'Condition', 'Status']) {
      expect(screen.getByRole('combobox', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: /Featured/ })).not.toBeChecked();
    expect(screen.getByText(ADMIN_CAR_COPY.brandNotice)).toBeInTheDocument();
    expect(screen.getByLabelText('Car Images', { selector: 'input' })).toHaveAttribute('multiple');
    expect(screen.getByLabelText('Car Images', { selector: 'input' }).getAttribute('accept')).toMatch(/^image\//);
    fireEvent.click(screen.getByRole('combobox', { name: /^Car Brand/ }));
    expect(await screen.findByRole('option', { name: 'Toyota' })).toContainHTML('/media/brands/toyota.webp');
  });

  it('ties every label to a control', async () => {
    await render();
    const orphans = Array.from(document.querySelectorAll('label')).filter((label) => !label.control);
    expect(orphans.map((label) => label.textContent)).toEqual([]);
  });

  it("checks in the spec's order, showing the first problem only and sending nothing", async () => {
    const { calls } = await render();
    const steps: [string, () => Promise<void> | void][] = [
      ['Car Brand is required', () => choose('Car Brand', 'Toyota')],
      ['Please Provide atleast one Image', () => addPictures('front.jpg')],
      ['Car name is required', () => type('Car Name', 'Toyota Axio')],
      ['Price is required', () => type('Car Price', '1850000')],
      ['FuelType is required', () => choose('Fuel Type', 'Petrol')],
      ['Transmission is required', () => choose('Transmission Type', 'Manual')],
      ['Engine Size is required', () => type('Engine Size', '1500')],
      ['Mileage is required', () => type('Car Mileage', '64000')],
      ['Year of manufucture is required', () => type('Year of Manufacture', '2017')],
      ['Drive is required', () => choose('Drive Type', '2 WD')],
      ['Description is required', () => type('Car Description', 'A frugal family sedan.')],
      ['Body Type is required', () => choose('Body Type', 'Sedan')],
    ];
    for (const [message, fix] of steps) {
      // Toasts queue beyond Mantine's limit: start each step with none.
      act(() => notifications.clean());
      submit();
      await waitFor(() => expect(lastToast(show)).toBe(message));
      // The toast and the field both say it; no other field is marked.
      expect(screen.getAllByText(message)).toHaveLength(2);
      await fix();
    }
    expect(callsOf(calls, 'car.create')).toHaveLength(0);
  });

  it('refuses a number below 1', async () => {
    await render();
    await choose('Car Brand', 'Toyota');
    await addPictures('front.jpg');
    type('Car Name', 'Toyota Axio');
    type('Car Price', '0');
    submit();
    await waitFor(() => expect(lastToast(show)).toBe('price must be at least 1'));
  });

  it('creates the car, then says so and goes to the cars list', async () => {
    const { calls } = await render();
    await fillValidCar();
    type('Seats', '5');
    type('Acceleration', '10.5');
    fireEvent.click(screen.getByRole('switch', { name: /Featured/ }));
    submit();
    expect(await screen.findByText(ADMIN_CAR_COPY.created)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/admin/cars'));
    expect(callsOf(calls, 'car.create')[0].input).toEqual({
      brandId: toyota.id,
      images: [
        { url: '/media/cars/front.webp', publicId: 'cars/front' },
        { url: '/media/cars/back.webp', publicId: 'cars/back' },
      ],
      name: 'Toyota Axio',
      price: 1_850_000,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      engineSize: 1500,
      mileage: 64_000,
      year: 2017,
      drive: '2 WD',
      description: 'A frugal family sedan.',
      bodyType: 'Sedan',
      condition: 'New',
      featured: true,
      status: 'Available',
      safetyRating: null,
      seats: 5,
      horsepower: null,
      torque: null,
      accelerationSeconds: 10.5,
      groundClearanceMm: null,
      fuelTankLitres: null,
      warranty: null,
      // Blank vehicle data: no colours or chassis number; model and stock number left to the server.
      exteriorColour: null,
      interiorColour: null,
      chassisNumber: null,
    });
  });

  it('sends the vehicle data: model, colours, stock number and chassis number, the schema tidying them', async () => {
    const { calls } = await render();
    await fillValidCar();
    expect(screen.getByText(VEHICLE_FIELD_HINTS.chassisNumber)).toBeInTheDocument();
    type('Model', 'Corolla Axio');
    type('Exterior Colour', 'Pearl White');
    type('Interior Colour', 'Beige');
    type('Stock Number', 'ax-2017-1');
    type('Chassis No. / VIN', 'nze161 1234567');
    submit();
    // A Japanese chassis number needs its hyphen: the field says so, nothing is sent.
    await waitFor(() => expect(lastToast(show)).toMatch(/^chassisNumber must be a 17-character VIN or a Japanese chassis number/));
    expect(callsOf(calls, 'car.create')).toHaveLength(0);
    type('Chassis No. / VIN', 'nze161-1234567');
    submit();
    expect(await screen.findByText(ADMIN_CAR_COPY.created)).toBeInTheDocument();
    expect(callsOf(calls, 'car.create')[0].input).toMatchObject({
      model: 'Corolla Axio',
      exteriorColour: 'Pearl White',
      interiorColour: 'Beige',
      stockNumber: 'AX-2017-1',
      chassisNumber: 'NZE161-1234567',
    });
  });

  it("shows the server's 409 on the stock number field", async () => {
    await render(() => ({ error: { code: 'CONFLICT', message: 'Another car has this stock number', field: 'stockNumber' } }));
    await fillValidCar();
    type('Stock Number', 'ST-00001');
    submit();
    // The spec's toast, and the server's reason on the field it names.
    await waitFor(() => expect(lastToast(show)).toBe(ADMIN_CAR_COPY.createFailed));
    expect(await screen.findByText('Another car has this stock number')).toBeInTheDocument();
    expect(field('Stock Number')).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'Error in Car creation' on a refusal and marks the field the server named", async () => {
    await render(() => ({
      error: {
        code: 'BAD_REQUEST',
        message: 'images.0 must be an image uploaded to this site',
        fieldErrors: { 'images.0': ['images.0 must be an image uploaded to this site'] },
      },
    }));
    await fillValidCar();
    submit();
    await waitFor(() => expect(lastToast(show)).toBe(ADMIN_CAR_COPY.createFailed));
    expect(await screen.findByText('images.0 must be an image uploaded to this site')).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard/admin/create-product');
  });

  it('shows the long message for 10 seconds when the request gets no answer', async () => {
    await render(() => {
      throw new TypeError('Failed to fetch');
    });
    await fillValidCar();
    submit();
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: ADMIN_CAR_COPY.createException, autoClose: CREATE_EXCEPTION_TOAST_MS })),
    );
    expect(CREATE_EXCEPTION_TOAST_MS).toBe(10_000);
    expect(currentLocation()).toBe('/dashboard/admin/create-product');
  });

  it('treats a server fault (5xx) like a request exception', async () => {
    await render(() => ({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } }));
    await fillValidCar();
    submit();
    await waitFor(() => expect(lastToast(show)).toBe(ADMIN_CAR_COPY.createException));
  });

  it('shows an error with a retry instead of an empty brand picker when the brands cannot load', async () => {
    let brandsFail = true;
    const { calls } = renderAdmin(<AdminCreateCarPage />, {
      route: '/dashboard/admin/create-product',
      path: '/dashboard/admin/create-product',
      api: (procedure, input) => (procedure === 'brand.list' && brandsFail ? { error: { code: 'INTERNAL_SERVER_ERROR' } } : api()(procedure, input)),
    });
    expect(await screen.findByText(ADMIN_CAR_COPY.brandsFailed)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_CAR_COPY.brandsFailed).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Car Brand/ })).not.toBeInTheDocument();

    brandsFail = false;
    fireEvent.click(screen.getByRole('button', { name: ADMIN_CAR_COPY.retry }));
    await waitFor(() => expect(callsOf(calls, 'brand.list')).toHaveLength(2));
    fireEvent.click(await screen.findByRole('combobox', { name: /^Car Brand/ }));
    expect(await screen.findByRole('option', { name: 'Toyota' })).toBeInTheDocument();
    expect(screen.queryByText(ADMIN_CAR_COPY.brandsFailed)).not.toBeInTheDocument();
  });

  it('refreshes every car query and the activity log after creating a car', async () => {
    const { calls } = renderAdmin(<AdminCreateCarPage />, {
      route: '/dashboard/admin/create-product',
      path: '/dashboard/admin/create-product',
      api: api(),
      otherScreens: true,
    });
    await screen.findByRole('button', { name: ADMIN_CAR_COPY.createButton });
    await fillValidCar();
    await waitFor(() => expect(screen.getByRole('button', { name: ADMIN_CAR_COPY.createButton })).toBeEnabled());
    const before = { featured: callsOf(calls, 'car.featured').length, audit: callsOf(calls, 'audit.list').length };
    submit();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/admin/cars'));
    await waitFor(() => expect(callsOf(calls, 'car.featured').length).toBeGreaterThan(before.featured));
    await waitFor(() => expect(callsOf(calls, 'audit.list').length).toBeGreaterThan(before.audit));
  });

  it('cannot be submitted while pictures upload', async () => {
    let open = () => undefined as void;
    uploadGate = new Promise<void>((resolve) => (open = resolve));
    const { calls } = await render();
    fireEvent.change(screen.getByLabelText('Car Images', { selector: 'input' }), {
      target: { files: [new File([new Uint8Array(8)], 'slow.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByText(UPLOADING_MESSAGE.trim())).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ADMIN_CAR_COPY.createButton })).toBeDisabled();
    await act(async () => open());
    await waitFor(() => expect(screen.getByRole('button', { name: ADMIN_CAR_COPY.createButton })).toBeEnabled());
    expect(callsOf(calls, 'car.create')).toHaveLength(0);
  });

  describe('from a trade-in to list (issue 46)', () => {
    const draft = {
      id: '00000000-0000-4000-8000-0000000d4af7',
      offerReference: 'OFR-00012',
      title: '2015 Toyota Axio, 120,000 km',
      make: 'toyota',
      model: 'Axio',
      year: 2015,
      mileage: 120_000,
      photos: [{ url: '/media/leads/axio-1.webp', publicId: 'leads/axio-1' }],
      createdAt: '2026-12-01T09:00:00.000Z',
    };
    const withDrafts =
      (drafts: unknown[]): FakeApi =>
      (procedure, input) =>
        procedure === 'car.drafts' ? { data: drafts } : api()(procedure, input);
    const renderDraft = (drafts: unknown[]) =>
      renderAdmin(<AdminCreateCarPage />, { route: `/dashboard/admin/create-product?draft=${draft.id}`, path: '/dashboard/admin/create-product', api: withDrafts(drafts) });

    it('opens filled from the trade-in and creates the car from it', async () => {
      const { calls } = renderDraft([draft]);
      await screen.findByRole('button', { name: ADMIN_CAR_COPY.createButton });
      expect(screen.getByText(`${ADMIN_CAR_COPY.listingTradeIn}: 2015 Toyota Axio, 120,000 km (OFR-00012)`)).toBeInTheDocument();
      expect(field('Car Name')).toHaveValue('toyota Axio');
      expect(screen.getByRole('combobox', { name: /^Car Brand/ })).toHaveValue('Toyota');
      expect(screen.getAllByRole('listitem', { name: /^Picture/ })).toHaveLength(1);
      type('Car Name', 'Toyota Axio 1.5 G');
      type('Car Price', '1150000');
      await choose('Fuel Type', 'Petrol');
      await choose('Transmission Type', 'Automatic');
      type('Engine Size', '1500');
      await choose('Drive Type', '2 WD');
      type('Car Description', 'Traded in at the showroom.');
      await choose('Body Type', 'Sedan');
      submit();
      await waitFor(() => expect(currentLocation()).toBe('/dashboard/admin/cars'));
      expect(callsOf(calls, 'car.create')[0].input).toMatchObject({
        fromDraftId: draft.id,
        brandId: toyota.id,
        images: draft.photos,
        model: 'Axio',
        year: 2015,
        mileage: 120_000,
        condition: 'Locally Used',
      });
    });

    it('says so when the trade-in was listed or dismissed meanwhile, and offers the empty form', async () => {
      const { calls } = renderDraft([]);
      expect(await screen.findByText(ADMIN_CAR_COPY.tradeInGone)).toBeInTheDocument();
      expect(field('Car Name')).toHaveValue('');
      expect(callsOf(calls, 'car.create')).toHaveLength(0);
    });
  });
});
