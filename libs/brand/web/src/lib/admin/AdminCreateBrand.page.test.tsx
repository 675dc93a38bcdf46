import { makeBrand } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { callsOf, createHold, OtherScreensProbe, withOtherScreens, type FakeApi } from '@dealership/web-trpc-client/testing';
import { fakeImageTransfer, findToast, logoFile, renderAdmin, stubObjectUrls, toastTexts } from './admin-test-kit';
import { AdminCreateBrandPage } from './AdminCreateBrand.page';
import { BRAND_ADMIN_COPY as COPY } from './brand-admin.copy';

beforeAll(stubObjectUrls);

function renderCreate(api: FakeApi, transfer = fakeImageTransfer()) {
  const result = renderAdmin(
    <>
      <OtherScreensProbe />
      <Routes>
        <Route path="/dashboard/admin/create-brand" element={<AdminCreateBrandPage imageTransfer={transfer} />} />
        <Route path="/dashboard/admin/allbrands" element={<h1>Brand list page</h1>} />
      </Routes>
    </>,
    { api: withOtherScreens(api), route: '/dashboard/admin/create-brand' },
  );
  return { ...result, transfer };
}

const nameInput = () => screen.getByRole('textbox', { name: COPY.nameLabel });
const submit = () => fireEvent.click(screen.getByRole('button', { name: COPY.createButton }));

async function pickLogo() {
  fireEvent.change(screen.getByLabelText(COPY.imageLabel, { selector: 'input' }), { target: { files: [logoFile()] } });
  expect(await screen.findByRole('listitem', { name: 'Picture 1, main picture' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: COPY.createButton })).toBeEnabled());
}

describe('AdminCreateBrandPage', () => {
  it('checks the name first, then the picture, each as a toast and on its field', async () => {
    const { calls } = renderCreate(() => ({ data: makeBrand() }));
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    submit();

    await findToast('Brand name is required');
    expect(toastTexts()).toEqual(['Brand name is required']);
    expect(nameInput()).toHaveAccessibleDescription('Brand name is required');
    expect(screen.getAllByText('Please upload Brand Image')).toHaveLength(1);

    fireEvent.change(nameInput(), { target: { value: 'Mazda' } });
    submit();
    await findToast('Please upload Brand Image');
    // The toast and the message under the picture list.
    expect(screen.getAllByText('Please upload Brand Image')).toHaveLength(2);
    expect(calls.filter((c) => c.procedure === 'brand.create')).toHaveLength(0);
  });

  it('creates the brand with the uploaded logo, then opens the brand list', async () => {
    const api: FakeApi = (_procedure, input) => ({ data: makeBrand({ name: (input as { name: string }).name }) });
    const { calls, transfer } = renderCreate(api);
    fireEvent.change(nameInput(), { target: { value: '  Mazda ' } });
    await pickLogo();
    submit();
    expect(await screen.findByRole('heading', { name: 'Brand list page' })).toBeInTheDocument();
    expect(await findToast(COPY.created)).toBeInTheDocument();
    const create = calls.find((c) => c.procedure === 'brand.create');
    expect(create?.input).toEqual({ name: '  Mazda ', images: [{ url: `/media/${transfer.uploads[0]}.webp`, publicId: transfer.uploads[0] }] });
  });

  it('refreshes the car queries and the activity log after creating a brand', async () => {
    const api: FakeApi = (_procedure, input) => ({ data: makeBrand({ name: (input as { name: string }).name }) });
    const { calls } = renderCreate(api);
    await waitFor(() => expect(callsOf(calls, 'audit.list').length).toBe(1));
    expect(callsOf(calls, 'car.featured').length).toBe(1);
    fireEvent.change(nameInput(), { target: { value: 'Mazda' } });
    await pickLogo();
    submit();
    expect(await screen.findByRole('heading', { name: 'Brand list page' })).toBeInTheDocument();
    await waitFor(() => expect(callsOf(calls, 'car.featured').length).toBe(2));
    await waitFor(() => expect(callsOf(calls, 'audit.list').length).toBe(2));
  });

  it('warns near Create Brand that a failed picture will not be saved', async () => {
    const transfer = fakeImageTransfer();
    renderCreate(() => ({ data: makeBrand() }), { ...transfer, upload: async () => Promise.reject(new Error('Error uploading image')) });
    fireEvent.change(screen.getByLabelText(COPY.imageLabel, { selector: 'input' }), { target: { files: [logoFile()] } });
    expect(await screen.findByText('1 picture failed to upload and will not be saved — remove it or try again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: COPY.createButton })).toBeEnabled();
  });

  it("shows the server's message when it refuses, on the name too, and keeps the form", async () => {
    const { calls } = renderCreate((procedure) =>
      procedure === 'brand.create' ? { error: { code: 'CONFLICT', message: 'A brand named Mazda already exists', field: 'name' } } : { data: null },
    );
    fireEvent.change(nameInput(), { target: { value: 'Mazda' } });
    await pickLogo();
    submit();

    expect(await findToast('A brand named Mazda already exists')).toBeInTheDocument();
    expect(nameInput()).toHaveAccessibleDescription('A brand named Mazda already exists');
    expect(nameInput()).toHaveValue('Mazda');
    expect(screen.getByRole('listitem', { name: 'Picture 1, main picture' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Brand list page' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.procedure === 'brand.create')).toHaveLength(1);
  });

  it('replaces the form with a loader while saving and disables Create Brand while a picture uploads', async () => {
    let finishUpload: () => void = () => undefined;
    const transfer = fakeImageTransfer();
    const slowUpload: typeof transfer.upload = (file, options) =>
      new Promise((resolve) => {
        finishUpload = () => void transfer.upload?.(file, options).then(resolve);
      });
    const hold = createHold();
    renderAdmin(<AdminCreateBrandPage imageTransfer={{ resize: transfer.resize, upload: slowUpload }} />, {
      api: () => ({ data: makeBrand() }),
      holdWrites: hold.wait,
    });
    fireEvent.change(nameInput(), { target: { value: 'Mazda' } });
    fireEvent.change(screen.getByLabelText(COPY.imageLabel, { selector: 'input' }), { target: { files: [logoFile()] } });
    await waitFor(() => expect(screen.getByRole('button', { name: COPY.createButton })).toBeDisabled());
    finishUpload();
    await waitFor(() => expect(screen.getByRole('button', { name: COPY.createButton })).toBeEnabled());

    submit();
    expect(await screen.findByText(COPY.creating)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: COPY.createTitle })).not.toBeInTheDocument();
    hold.release();
    expect(await findToast(COPY.created)).toBeInTheDocument();
  });
});
