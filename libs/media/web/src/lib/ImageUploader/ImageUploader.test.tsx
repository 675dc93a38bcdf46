import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ImageUploads, UploadItem } from '../use-image-uploads';
import { ImageUploader, UPLOADING_MESSAGE } from './ImageUploader';

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
});
