import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CarGallery } from './CarGallery';

const NAME = 'Subaru Forester';
const images = [1, 2, 3].map((n) => ({ url: `/media/cars/forester-${n}.webp`, publicId: `cars/forester-${n}` }));

function renderGallery() {
  renderWithProviders(<CarGallery images={images} name={NAME} />);
}

async function findViewer() {
  return screen.findByRole('dialog', { name: `Photos of ${NAME}` });
}

describe('CarGallery', () => {
  it('keeps the reduced inline gallery: no viewer until a picture is opened', () => {
    renderGallery();
    expect(screen.getByRole('region', { name: `Photos of ${NAME}` })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${NAME}, photo 1 of 3` })).toHaveAttribute('loading', 'eager');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play slideshow' })).not.toBeInTheDocument();
  });

  it('makes the main picture one native button in the tab order, so Enter and Space open it', () => {
    renderGallery();
    const first = screen.getByRole('button', { name: 'View photo 1 of 3 full screen' });
    expect(first.tagName).toBe('BUTTON');
    expect(first).toHaveAttribute('type', 'button');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'View photo 2 of 3 full screen' })).toHaveAttribute('tabindex', '-1');
  });

  it('opens the viewer on the picture clicked', async () => {
    renderGallery();
    fireEvent.click(screen.getByRole('button', { name: 'View photo 1 of 3 full screen' }));
    const viewer = within(await findViewer());
    expect(viewer.getByText('1 / 3')).toBeInTheDocument();
    expect(viewer.getByRole('img', { name: `${NAME}, photo 1 of 3` })).toBeInTheDocument();
  });

  it('opens from the keyboard focus and, on Escape, returns focus to the picture seen last', async () => {
    renderGallery();
    const first = screen.getByRole('button', { name: 'View photo 1 of 3 full screen' });
    first.focus();
    fireEvent.click(first); // what Enter or Space does on a focused button
    const dialog = await findViewer();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const second = screen.getByRole('button', { name: 'View photo 2 of 3 full screen' });
    await waitFor(() => expect(second).toHaveFocus());
    expect(second).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-current', 'true');
  });

  it('shows the car icon in place of a picture or thumbnail that fails to load', () => {
    renderGallery();
    fireEvent.error(screen.getByRole('img', { name: `${NAME}, photo 2 of 3` }));
    expect(screen.getByRole('img', { name: `${NAME}, photo 2 of 3 could not be loaded` })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${NAME}, photo 1 of 3` })).toBeInTheDocument();

    const thumbImage = screen.getByRole('button', { name: 'Show photo 3' }).querySelector('img');
    expect(thumbImage).not.toBeNull();
    fireEvent.error(thumbImage as HTMLImageElement);
    expect(screen.getByRole('button', { name: 'Show photo 3' }).querySelector('img')).toBeNull();
  });
});
