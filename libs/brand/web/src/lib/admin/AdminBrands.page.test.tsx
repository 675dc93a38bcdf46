import type { Brand } from '@dealership/brand-schemas';
import { makeBrand } from '@dealership/web-ui/testing';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsOf, createHold, OtherScreensProbe, withOtherScreens, type FakeApi, type FakeAnswer } from '@dealership/web-trpc-client/testing';
import { fakeImageTransfer, findToast, inDialog, logoFile, renderAdmin, stubObjectUrls, toastTexts } from './admin-test-kit';
import { AdminBrandsPage, filterBrands } from './AdminBrands.page';
import { BRAND_ADMIN_COPY as COPY, BRAND_DELETE_SUGGESTION, brandActionLabel, brandDeleteFailedMessage, brandDeleteWarning } from './brand-admin.copy';

beforeAll(stubObjectUrls);

const toyota = makeBrand({
  name: 'Toyota',
  slug: 'toyota',
  images: [
    { url: '/media/brands/toyota.webp', publicId: 'brands/toyota' },
    { url: '/media/brands/toyota-2.webp', publicId: 'brands/toyota-2' },
  ],
});
const subaru = makeBrand({ name: 'Subaru', slug: 'subaru', images: [{ url: '/media/brands/subaru.webp', publicId: 'brands/subaru' }] });
const landRover = makeBrand({ name: 'Land Rover', slug: 'land-rover', images: [{ url: '/media/brands/lr.webp', publicId: 'brands/lr' }] });

/** A fake API over a brand list the writes change; `answers` overrides a procedure's answer. */
function brandApi(initial: Brand[], answers: Record<string, (input: unknown) => FakeAnswer> = {}) {
  let brands = [...initial];
  const api: FakeApi = (procedure, input) => {
    const override = answers[procedure];
    if (override) return override(input);
    if (procedure === 'brand.list') return { data: brands };
    if (procedure === 'brand.update') {
      const change = input as { id: string; name: string; images: Brand['images'] };
      brands = brands.map((b) => (b.id === change.id ? { ...b, ...change } : b));
      return { data: brands.find((b) => b.id === change.id) };
    }
    if (procedure === 'brand.remove') {
      const { id } = input as { id: string };
      brands = brands.filter((b) => b.id !== id);
      return { data: { id } };
    }
    if (procedure === 'brand.removeImage') {
      const { brandId, publicId } = input as { brandId: string; publicId: string };
      brands = brands.map((b) => (b.id === brandId ? { ...b, images: b.images.filter((i) => i.publicId !== publicId) } : b));
      return { data: brands.find((b) => b.id === brandId) };
    }
    return { error: { code: 'NOT_FOUND' } };
  };
  return api;
}

function renderList(api: FakeApi, options: { holdWrites?: () => Promise<void>; otherScreens?: boolean } = {}) {
  const transfer = fakeImageTransfer();
  const ui = (
    <>
      <AdminBrandsPage imageTransfer={transfer} />
      {options.otherScreens ? <OtherScreensProbe /> : null}
    </>
  );
  return { ...renderAdmin(ui, { api: withOtherScreens(api), route: '/dashboard/admin/allbrands', holdWrites: options.holdWrites }), transfer };
}

/** Resolves when the probe's queries have each been asked `count` times. */
async function otherScreensAsked(calls: { procedure: string }[], count: number) {
  await waitFor(() => expect(callsOf(calls, 'car.featured').length).toBe(count));
  await waitFor(() => expect(callsOf(calls, 'audit.list').length).toBe(count));
}

const listCalls = (calls: { procedure: string }[]) => calls.filter((c) => c.procedure === 'brand.list').length;

async function openEdit(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: brandActionLabel('Edit', name) }));
  return screen.findByRole('dialog', { name: `${COPY.editTitle}: ${name}` });
}

describe('filterBrands', () => {
  it('keeps the brands whose name contains the text, whatever its case', () => {
    expect(filterBrands([toyota, subaru, landRover], '  ro ').map((b) => b.name)).toEqual(['Land Rover']);
    expect(filterBrands([toyota, subaru], '')).toHaveLength(2);
  });
});

describe('AdminBrandsPage', () => {
  // Toasts left over would queue a later test's toasts past the notifications limit.
  afterEach(() => act(() => notifications.clean()));

  it('lists each brand with its logo, a link to its page and its actions', async () => {
    renderList(brandApi([toyota, subaru]));
    expect(screen.getByRole('status')).toHaveTextContent(COPY.loadingList);

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('img', { name: 'Toyota logo' })).toHaveAttribute('src', '/media/brands/toyota.webp');
    expect(within(rows[0]).getByRole('link', { name: 'Toyota' })).toHaveAttribute('href', '/brand/toyota');
    expect(within(rows[1]).getByRole('button', { name: 'Edit Subaru' })).toHaveTextContent(COPY.edit);
    expect(within(rows[1]).getByRole('button', { name: 'Delete Subaru' })).toHaveTextContent(COPY.delete);
    expect(screen.getByRole('link', { name: COPY.createButton })).toHaveAttribute('href', '/dashboard/admin/create-brand');
  });

  it('filters the table by name', async () => {
    renderList(brandApi([toyota, subaru, landRover]));
    fireEvent.change(await screen.findByRole('searchbox', { name: COPY.filterLabel }), { target: { value: 'SUB' } });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Subaru' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 brands')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: COPY.filterLabel }), { target: { value: 'peugeot' } });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(COPY.noMatch)).toBeInTheDocument();
  });

  it('says when there are no brands, and when they could not be loaded', async () => {
    const empty = renderList(brandApi([]));
    expect(await screen.findByText(COPY.noBrands)).toBeInTheDocument();
    empty.unmount();

    renderList(() => ({ error: { code: 'INTERNAL_SERVER_ERROR' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COPY.listError);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('edits a brand in a modal: new name and an added picture, then it closes and the list reloads', async () => {
    const { calls, transfer } = renderList(brandApi([toyota, subaru]));
    const dialog = within(await openEdit('Toyota'));
    expect(dialog.getAllByRole('listitem')).toHaveLength(2);
    const name = dialog.getByRole('textbox', { name: COPY.nameLabel });
    expect(name).toHaveValue('Toyota');

    fireEvent.change(name, { target: { value: 'Toyota Kenya' } });
    fireEvent.change(dialog.getByLabelText(COPY.changeImage, { selector: 'input' }), { target: { files: [logoFile('new.png')] } });
    await waitFor(() => expect(dialog.getAllByRole('listitem')).toHaveLength(3));
    await waitFor(() => expect(dialog.getByRole('button', { name: COPY.submit })).toBeEnabled());
    const listsBefore = listCalls(calls);
    fireEvent.click(dialog.getByRole('button', { name: COPY.submit }));

    expect(await screen.findByText(COPY.updating)).toBeInTheDocument();
    expect(await findToast(COPY.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Toyota Kenya' })).toBeInTheDocument();
    expect(listCalls(calls)).toBeGreaterThan(listsBefore);
    expect(calls.find((c) => c.procedure === 'brand.update')?.input).toEqual({
      id: toyota.id,
      name: 'Toyota Kenya',
      images: [...toyota.images, { url: `/media/${transfer.uploads[0]}.webp`, publicId: transfer.uploads[0] }],
    });
  });

  it("shows 'Error Occured in Updating Brand' and the server's message on the name when the update is refused", async () => {
    renderList(
      brandApi([toyota, subaru], { 'brand.update': () => ({ error: { code: 'CONFLICT', message: 'A brand named Subaru already exists', field: 'name' } }) }),
    );
    const dialog = within(await openEdit('Toyota'));
    fireEvent.change(dialog.getByRole('textbox', { name: COPY.nameLabel }), { target: { value: 'Subaru' } });
    fireEvent.click(dialog.getByRole('button', { name: COPY.submit }));

    expect(await findToast(COPY.updateFailed)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: COPY.nameLabel })).toHaveAccessibleDescription('A brand named Subaru already exists');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('checks the edited name before sending it', async () => {
    const { calls } = renderList(brandApi([toyota]));
    const dialog = within(await openEdit('Toyota'));
    fireEvent.change(dialog.getByRole('textbox', { name: COPY.nameLabel }), { target: { value: '  ' } });
    fireEvent.click(dialog.getByRole('button', { name: COPY.submit }));
    expect(await findToast('Brand name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.procedure === 'brand.update')).toBe(false);
  });

  it('deletes a saved picture on the server, then takes it off the list', async () => {
    const { calls } = renderList(brandApi([toyota]));
    const dialog = within(await openEdit('Toyota'));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove picture 2' }));

    expect(await findToast(COPY.imageDeleted)).toBeInTheDocument();
    await waitFor(() => expect(dialog.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((c) => c.procedure === 'brand.removeImage')?.input).toEqual({ brandId: toyota.id, publicId: 'brands/toyota-2' });
  });

  it("says exactly 'Error in deleting Image' when the removal fails, whatever the server said (spec §8)", async () => {
    let answer: FakeAnswer = { error: { code: 'INTERNAL_SERVER_ERROR' } };
    renderList(brandApi([toyota], { 'brand.removeImage': () => answer }));
    const dialog = within(await openEdit('Toyota'));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove picture 1' }));
    expect(await findToast(COPY.imageDeleteFailed)).toBeInTheDocument();
    expect(dialog.getAllByRole('listitem')).toHaveLength(2);
    act(() => notifications.clean());
    await waitFor(() => expect(toastTexts()).toEqual([]));

    answer = { error: { code: 'CONFLICT', message: 'A brand keeps at least one logo', field: 'image' } };
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Remove picture 1' })).toBeEnabled());
    fireEvent.click(dialog.getByRole('button', { name: 'Remove picture 1' }));
    expect(await findToast(COPY.imageDeleteFailed)).toBeInTheDocument();
    expect(toastTexts()).toEqual([COPY.imageDeleteFailed]);
    expect(dialog.getAllByRole('listitem')).toHaveLength(2);
  });

  it('disables the remove control of a picture being deleted and Submit until the server answers', async () => {
    const hold = createHold();
    const { calls } = renderList(brandApi([toyota]), { holdWrites: hold.wait });
    const dialog = within(await openEdit('Toyota'));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove picture 2' }));

    await waitFor(() => expect(dialog.getByRole('button', { name: 'Remove picture 2' })).toBeDisabled());
    expect(dialog.getByRole('button', { name: COPY.submit })).toBeDisabled();
    fireEvent.click(dialog.getByRole('button', { name: 'Remove picture 2' }));

    await act(async () => hold.release());
    expect(await findToast(COPY.imageDeleted)).toBeInTheDocument();
    await waitFor(() => expect(dialog.getAllByRole('listitem')).toHaveLength(1));
    expect(dialog.getByRole('button', { name: COPY.submit })).toBeEnabled();
    expect(callsOf(calls, 'brand.removeImage').length).toBe(1);
  });

  it('refreshes the brand and car queries and the activity log after a picture removal and an update', async () => {
    const { calls } = renderList(brandApi([toyota]), { otherScreens: true });
    const dialog = within(await openEdit('Toyota'));
    await otherScreensAsked(calls, 1);

    fireEvent.click(dialog.getByRole('button', { name: 'Remove picture 2' }));
    expect(await findToast(COPY.imageDeleted)).toBeInTheDocument();
    await otherScreensAsked(calls, 2);

    await waitFor(() => expect(dialog.getByRole('button', { name: COPY.submit })).toBeEnabled());
    fireEvent.click(dialog.getByRole('button', { name: COPY.submit }));
    expect(await findToast(COPY.updated)).toBeInTheDocument();
    await otherScreensAsked(calls, 3);
  });

  it('warns near Submit that a failed picture will not be saved, and still allows saving', async () => {
    const { calls, transfer } = renderList(brandApi([toyota]));
    transfer.upload = async () => Promise.reject(new Error('Error uploading image'));
    const dialog = within(await openEdit('Toyota'));
    fireEvent.change(dialog.getByLabelText(COPY.changeImage, { selector: 'input' }), { target: { files: [logoFile('new.png')] } });
    expect(await dialog.findByText('1 picture failed to upload and will not be saved — remove it or try again')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: COPY.submit })).toBeEnabled();
    fireEvent.click(dialog.getByRole('button', { name: COPY.submit }));
    expect(await findToast(COPY.updated)).toBeInTheDocument();
    expect(calls.find((c) => c.procedure === 'brand.update')?.input).toMatchObject({ images: toyota.images });
  });

  it('asks before deleting, naming the brand, then deletes and reloads the list', async () => {
    const { calls } = renderList(brandApi([toyota, subaru]));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Toyota' }));
    const dialog = inDialog(`${COPY.deleteTitle}: Toyota`);
    expect(dialog.getByText(brandDeleteWarning('Toyota'))).toBeInTheDocument();
    expect(brandDeleteWarning('Toyota')).toMatch(
      /Toyota will lose its brand and can no longer be found by searching or filtering by brand\. This cannot be undone\./,
    );
    expect(dialog.getByText(BRAND_DELETE_SUGGESTION)).toBeInTheDocument();

    fireEvent.click(dialog.getByRole('button', { name: COPY.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.procedure === 'brand.remove')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Toyota' }));
    fireEvent.click(inDialog(`${COPY.deleteTitle}: Toyota`).getByRole('button', { name: COPY.delete }));
    expect(await screen.findByText(COPY.deleting)).toBeInTheDocument();
    expect(await findToast(COPY.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Toyota' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Subaru' })).toBeInTheDocument();
    expect(calls.find((c) => c.procedure === 'brand.remove')?.input).toEqual({ id: toyota.id });
  });

  it('stays open while the brand is being deleted: no Escape, no outside click, no close button', async () => {
    const hold = createHold();
    renderList(brandApi([toyota, subaru]), { holdWrites: hold.wait });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Toyota' }));
    const dialog = screen.getByRole('dialog', { name: `${COPY.deleteTitle}: Toyota` });
    expect(dialog.querySelector('.mantine-Modal-close')).not.toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: COPY.delete }));
    await waitFor(() => expect(dialog.querySelector('.mantine-Modal-close')).toBeNull());
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay) {
      fireEvent.mouseDown(overlay);
      fireEvent.click(overlay);
    }
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('dialog', { name: `${COPY.deleteTitle}: Toyota` })).toBeInTheDocument();

    await act(async () => hold.release());
    expect(await findToast(COPY.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refreshes the brand and car queries and the activity log after a delete', async () => {
    const { calls } = renderList(brandApi([toyota, subaru]), { otherScreens: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Toyota' }));
    await otherScreensAsked(calls, 1);
    fireEvent.click(inDialog(`${COPY.deleteTitle}: Toyota`).getByRole('button', { name: COPY.delete }));
    expect(await findToast(COPY.deleted)).toBeInTheDocument();
    await otherScreensAsked(calls, 2);
  });

  it("names the brand in the failure toast (the legacy site showed '${name}')", async () => {
    renderList(brandApi([toyota, subaru], { 'brand.remove': () => ({ error: { code: 'INTERNAL_SERVER_ERROR' } }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Subaru' }));
    fireEvent.click(inDialog(`${COPY.deleteTitle}: Subaru`).getByRole('button', { name: COPY.delete }));

    expect(await findToast(brandDeleteFailedMessage('Subaru'))).toHaveTextContent('Failed to Delete Subaru Brand');
    expect(screen.getByRole('link', { name: 'Subaru' })).toBeInTheDocument();
  });
});
