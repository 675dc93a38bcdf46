import type { ImageUploads, UploadItem } from '@dealership/media-web';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { TradeInPhotos } from './TradeInPhotos';

const item = (n: number, change: Partial<UploadItem> = {}): UploadItem => ({
  key: `k${n}`,
  name: `photo-${n}.jpg`,
  previewUrl: `blob:photo-${n}`,
  status: 'done',
  progress: 1,
  attached: false,
  ...change,
});

function uploadsOf(items: UploadItem[]): ImageUploads & { add: jest.Mock; remove: jest.Mock } {
  return { items, images: [], isUploading: items.some((i) => i.status === 'uploading'), add: jest.fn(), remove: jest.fn(), move: jest.fn(), reset: jest.fn() };
}

describe('TradeInPhotos', () => {
  it('shows each photo with its progress while it is sent, and removes one on request', () => {
    const uploads = uploadsOf([item(1), item(2, { status: 'uploading', progress: 0.4 })]);
    renderWithProviders(<TradeInPhotos uploads={uploads} />);
    expect(screen.getByRole('img', { name: 'Photo 1 of your car' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Sending photo 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sending photo 2' })).toHaveAttribute('aria-valuenow', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(uploads.remove).toHaveBeenCalledWith('k2');
    expect(screen.getByRole('button', { name: 'Add more photos' })).toBeEnabled();
  });

  it('takes at most six photos: the picked files beyond are left out', () => {
    const uploads = uploadsOf([item(1), item(2), item(3), item(4)]);
    renderWithProviders(<TradeInPhotos uploads={uploads} />);
    const files = [1, 2, 3].map((n) => new File(['x'], `new-${n}.jpg`, { type: 'image/jpeg' }));
    fireEvent.change(screen.getByLabelText('Choose photos of your car'), { target: { files } });
    expect(uploads.add).toHaveBeenCalledWith(files.slice(0, 2));
  });

  it('says when six are in, and shows a failed one', () => {
    renderWithProviders(
      <TradeInPhotos uploads={uploadsOf([1, 2, 3, 4, 5, 6].map((n) => item(n, n === 6 ? { status: 'failed', error: 'Error uploading image' } : {})))} />,
    );
    expect(screen.getByRole('button', { name: '6 photos added' })).toBeDisabled();
    expect(screen.getByText('Error uploading image')).toBeInTheDocument();
  });
});
