import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderPage } from '../../testing';
import { CarDetailPage } from '../pages/CarDetail.page';
import { framesInOrder, frameCountProblem } from '../admin/SpinFramesSection';
import { readCarFilters, toCarListInput, writeCarFilters } from '../filters/car-filter-params';
import { HomeFeatures } from '../home/HomeFeatures';

const prado = makeCar({ name: 'Toyota Prado', slug: 'toyota-prado', year: 2019, brand: null });
const frames = Array.from({ length: 36 }, (_, i) => ({ url: `/media/documents/prado-${i}.webp`, publicId: `documents/prado-${i}` }));

function renderDetail(spinFrames: typeof frames) {
  const api: FakeApi = (procedure) => {
    if (procedure === 'car.bySlug') return { data: prado };
    if (procedure === 'car.spin') return { data: { frames: spinFrames } };
    return { data: null };
  };
  return renderPage(<CarDetailPage />, { route: `/car/${prado.slug}`, path: '/car/:slug', api });
}

describe('the car page’s 360-degree view', () => {
  it('offers "View in 360°" on a car with a spin set, opening the viewer on its first frame', async () => {
    renderDetail(frames);
    fireEvent.click(await screen.findByRole('button', { name: 'View in 360°' }));
    const dialog = await screen.findByRole('dialog', { name: '360-degree view' });
    expect(within(dialog).getByRole('img', { name: 'Toyota Prado 2019, frame 1 of 36' })).toBeInTheDocument();
  });

  it('says nothing of a 360-degree view on a car without one', async () => {
    renderDetail([]);
    expect(await screen.findByRole('heading', { level: 1, name: prado.name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View in 360°' })).toBeNull();
  });

  it('orders the chosen files by name, numbers as numbers, and holds a set to 24-72 frames', () => {
    const files = ['frame-10.jpg', 'frame-2.jpg', 'frame-1.jpg'].map((name) => new File([''], name));
    expect(framesInOrder(files).map((file) => file.name)).toEqual(['frame-1.jpg', 'frame-2.jpg', 'frame-10.jpg']);
    expect(frameCountProblem(23)).toBe('Choose at least 24 frames (you chose 23).');
    expect(frameCountProblem(73)).toBe('Choose at most 72 frames (you chose 73).');
    expect(frameCountProblem(36)).toBeNull();
  });

  it("keeps the home page's promise: its 360-degree card links to /cars?spin=1, which lists only cars with a view", () => {
    renderPage(<HomeFeatures />, { route: '/', path: '/', api: () => ({ data: null }) });
    expect(screen.getByRole('link', { name: 'Cars with a 360° view' })).toHaveAttribute('href', '/cars?spin=1');
    const filters = readCarFilters(new URLSearchParams('spin=1'));
    expect(toCarListInput(filters, 12)).toMatchObject({ spin: true });
    expect(writeCarFilters(filters).toString()).toBe('spin=1');
    expect(toCarListInput(readCarFilters(new URLSearchParams('spin=yes')), 12)).not.toHaveProperty('spin');
  });
});
