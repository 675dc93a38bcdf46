import type { Testimonial } from '@dealership/testimonial-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminTestimonialsPage, TESTIMONIAL_PAGE_SIZE } from './AdminTestimonials.page';

const first: Testimonial = {
  id: '00000000-0000-4000-9000-000000000001',
  name: 'First',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const pageOf = (items: Testimonial[]) => ({ items, total: items.length, page: 1, pageSize: TESTIMONIAL_PAGE_SIZE, pageCount: 1 });

function renderList(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminTestimonialsPage />
    </TestTrpcProvider>,
  );
  return { calls };
}

describe('AdminTestimonialsPage', () => {
  it('lists the testimonials the API answers', async () => {
    const { calls } = renderList(() => ({ data: pageOf([first]) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('First')).toBeInTheDocument();
    expect(screen.getByText('1 testimonial')).toBeInTheDocument();
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([['testimonial.list', { page: 1, pageSize: TESTIMONIAL_PAGE_SIZE }]]);
  });

  it('says so when there are none', async () => {
    renderList(() => ({ data: pageOf([]) }));
    expect(await screen.findByText('No testimonials yet.')).toBeInTheDocument();
  });

  it('adds one through testimonial.create with the checked values', async () => {
    const { calls } = renderList((procedure) => ({ data: procedure === 'testimonial.create' ? first : pageOf([]) }));
    await screen.findByText('No testimonials yet.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: ' First ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.filter((call) => call.procedure === 'testimonial.create').map((call) => call.input)).toEqual([{ name: 'First' }]));
  });
});
