import type { Testimonial } from '@dealership/testimonial-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminTestimonialsPage, TESTIMONIAL_PAGE_SIZE } from './AdminTestimonials.page';

const amina: Testimonial = {
  id: '00000000-0000-4000-9000-000000000001',
  name: 'Amina W.',
  location: 'Nyali, Mombasa',
  carName: 'Toyota Harrier',
  quote: 'The price we agreed was the price I paid.',
  rating: 5,
  published: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const hidden: Testimonial = {
  ...amina,
  id: '00000000-0000-4000-9000-000000000002',
  name: 'Otieno K.',
  location: null,
  carName: null,
  rating: 4,
  published: false,
};
const pageOf = (items: Testimonial[]) => ({ items, total: items.length, page: 1, pageSize: TESTIMONIAL_PAGE_SIZE, pageCount: 1 });

function renderList(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminTestimonialsPage />
    </TestTrpcProvider>,
  );
  return { calls, writes: () => calls.filter((call) => call.procedure !== 'testimonial.manage').map((call) => [call.procedure, call.input]) };
}

describe('AdminTestimonialsPage', () => {
  it('lists every testimonial, published or not, from testimonial.manage', async () => {
    const { calls } = renderList(() => ({ data: pageOf([hidden, amina]) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Testimonial by Amina W.' });
    expect(within(card).getByText('— Amina W., Nyali, Mombasa (Toyota Harrier)')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: "Amina W.'s rating: 5 out of 5 stars" })).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'Published' })).toBeChecked();
    const other = screen.getByRole('article', { name: 'Testimonial by Otieno K.' });
    expect(within(other).getByText('Hidden')).toBeInTheDocument();
    expect(within(other).getByRole('switch', { name: 'Published' })).not.toBeChecked();
    expect(screen.getByText('2 testimonials')).toBeInTheDocument();
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([['testimonial.manage', { page: 1, pageSize: TESTIMONIAL_PAGE_SIZE }]]);
  });

  it('says so when there are none', async () => {
    renderList(() => ({ data: pageOf([]) }));
    expect(await screen.findByText('No testimonials yet.')).toBeInTheDocument();
  });

  it('adds one through testimonial.create with the checked values', async () => {
    const { writes } = renderList((procedure) => ({ data: procedure === 'testimonial.create' ? amina : pageOf([]) }));
    await screen.findByText('No testimonials yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add testimonial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add testimonial' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Customer name/ }), { target: { value: ' Amina W. ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Quote/ }), { target: { value: 'Great.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(writes()).toEqual([['testimonial.create', { name: 'Amina W.', location: null, carName: null, quote: 'Great.', rating: 5, published: true }]]),
    );
  });

  it('edits one, publishes one with its switch, and deletes one after asking', async () => {
    const { writes } = renderList((procedure) => ({
      data: procedure === 'testimonial.manage' ? pageOf([hidden, amina]) : procedure === 'testimonial.remove' ? { id: amina.id } : amina,
    }));
    const card = await screen.findByRole('article', { name: 'Testimonial by Amina W.' });

    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit testimonial' });
    expect(within(dialog).getByRole('textbox', { name: /Location/ })).toHaveValue('Nyali, Mombasa');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Car/ }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual([
      'testimonial.update',
      { id: amina.id, name: 'Amina W.', location: 'Nyali, Mombasa', carName: null, quote: amina.quote, rating: 5, published: true },
    ]);

    fireEvent.click(within(screen.getByRole('article', { name: 'Testimonial by Otieno K.' })).getByRole('switch', { name: 'Published' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toEqual(['testimonial.update', { id: hidden.id, published: true }]);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete testimonial' });
    expect(within(confirm).getByText(/Delete the testimonial of Amina W\.\?/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes()[2]).toEqual(['testimonial.remove', { id: amina.id }]);
  });
});
