import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ImageUploads, UploadItem } from '../use-image-uploads';
import { FailedUploadsWarning, failedUploadsMessage, ImageUploader, UPLOADING_MESSAGE } from './ImageUploader';

const item = (over: Partial<UploadItem>): UploadItem => ({
  key: over.key ?? 'k',
  name: 'photo.jpg',
  previewUrl: '/media/cars/a.webp',
  status: 'done',
  progress: 1,
  attached: false,
  ...over,
});

function uploadsOf(items: UploadItem[]): ImageUploads {
  return {
    items,
    images: [],
    isUploading: items.some((i) => i.status === 'uploading' || i.status === 'resizing'),
    add: jest.fn(),
    remove: jest.fn(),
    move: jest.fn(),
    reset: jest.fn(),
  };
}

describe('ImageUploader', () => {
  it("shows the spec's uploading message and a progress bar per file", () => {
    const uploads = uploadsOf([item({ key: 'a', status: 'uploading', progress: 0.4, name: 'front.jpg' }), item({ key: 'b', name: 'back.jpg' })]);
    renderWithProviders(<ImageUploader uploads={uploads} label="Car Images" />);

    expect(screen.getByText(UPLOADING_MESSAGE.trim())).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading front.jpg' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('listitem', { name: 'Picture 1, main picture' })).toBeInTheDocument();
  });

  it('removes an unsaved upload itself and hands a saved picture to the screen', async () => {
    const onRemoveSaved = jest.fn();
    const saved = item({ key: 's', attached: true });
    const uploads = uploadsOf([saved, item({ key: 'n', name: 'new.jpg' })]);
    renderWithProviders(<ImageUploader uploads={uploads} label="Car Images" onRemoveSaved={onRemoveSaved} />);

    fireEvent.click(screen.getByRole('button', { name: 'Remove new.jpg' }));
    expect(uploads.remove).toHaveBeenCalledWith('n');
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    expect(onRemoveSaved).toHaveBeenCalledWith(saved);
  });

  it('hands picked files to the upload list', async () => {
    const uploads = uploadsOf([]);
    renderWithProviders(<ImageUploader uploads={uploads} label="Brand Image" multiple={false} />);
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Brand Image', { selector: 'input' }), { target: { files: [file] } });
    await waitFor(() => expect(uploads.add).toHaveBeenCalled());
    expect(uploads.add).toHaveBeenCalledWith([expect.objectContaining({ name: 'logo.png' })]);
  });

  it('names the drop area as a button described by its hint, and keeps the file input labelled', () => {
    renderWithProviders(<ImageUploader uploads={uploadsOf([])} label="Car Images" hint="The first picture is the main one." />);
    const dropArea = screen.getByRole('button', { name: 'Car Images' });
    expect(dropArea).toHaveAccessibleDescription('The first picture is the main one.');
    expect(dropArea).not.toHaveAttribute('role', 'presentation');
    expect(screen.getByLabelText('Car Images', { selector: 'input[type=file]' })).toBeInTheDocument();
  });

  it('shows a neutral placeholder, not the original, while a picture resizes', () => {
    const uploads = uploadsOf([item({ key: 'r', status: 'resizing', progress: 0, previewUrl: undefined, name: 'big.jpg' })]);
    renderWithProviders(<ImageUploader uploads={uploads} label="Car Images" />);
    const tile = screen.getByRole('listitem', { name: 'Picture 1, main picture' });
    expect(tile.querySelector('img')).toBeNull();
    expect(tile.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('disables the remove control of a saved picture whose removal is in flight and ignores clicks on it', () => {
    const onRemoveSaved = jest.fn();
    const uploads = uploadsOf([item({ key: 's1', attached: true }), item({ key: 's2', attached: true })]);
    renderWithProviders(<ImageUploader uploads={uploads} label="Car Images" onRemoveSaved={onRemoveSaved} pendingRemovals={new Set(['s2'])} />);

    const removing = screen.getByRole('button', { name: 'Remove picture 2' });
    expect(removing).toBeDisabled();
    fireEvent.click(removing);
    expect(onRemoveSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove picture 1' })).toBeEnabled();
  });

  it('warns that failed pictures will be left out of the save', () => {
    expect(failedUploadsMessage(0)).toBeUndefined();
    expect(failedUploadsMessage(1)).toBe('1 picture failed to upload and will not be saved — remove it or try again');
    expect(failedUploadsMessage(3)).toBe('3 pictures failed to upload and will not be saved — remove them or try again');

    const none = renderWithProviders(<FailedUploadsWarning uploads={uploadsOf([item({ key: 'a' })])} />);
    expect(screen.queryByText(/failed to upload/)).not.toBeInTheDocument();
    none.unmount();
    renderWithProviders(
      <FailedUploadsWarning uploads={uploadsOf([item({ key: 'a' }), item({ key: 'b', status: 'failed', error: 'Error uploading image' })])} />,
    );
    expect(screen.getByText(failedUploadsMessage(1) ?? '')).toBeInTheDocument();
  });
});
