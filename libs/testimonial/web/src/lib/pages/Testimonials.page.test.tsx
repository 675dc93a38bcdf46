import type { Testimonial } from '@dealership/testimonial-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { PUBLIC_TESTIMONIAL_PAGE_SIZE, TestimonialsPage } from './Testimonials.page';

const amina: Testimonial = {
  id: '00000000-0000-4000-9000-000000000001',
  name: 'Amina W.',
  location: 'Nyali, Mombasa',
  carName: null,
  quote: 'The price we agreed was the price I paid.',
  rating: 5,
  published: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

function Where() {
  return <output aria-label="location">{useLocation().search}</output>;
}

function renderPage(api: FakeApi, url = '/testimonials') {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <TestimonialsPage />
      <Where />
    </TestTrpcProvider>,
    { route: url },
  );
  return calls;
}

describe('TestimonialsPage', () => {
  it('shows the published testimonials with their stars and credit', async () => {
    const calls = renderPage(() => ({ data: { items: [amina], total: 1, page: 1, pageSize: PUBLIC_TESTIMONIAL_PAGE_SIZE, pageCount: 1 } }));
    expect(screen.getByRole('heading', { level: 1, name: 'What Our Customers Say' })).toBeInTheDocument();
    expect(await screen.findByText('The price we agreed was the price I paid.')).toBeInTheDocument();
    expect(screen.getByText('— Amina W., Nyali, Mombasa')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Amina W.'s rating: 5 out of 5 stars" })).toBeInTheDocument();
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([['testimonial.list', { page: 1, pageSize: PUBLIC_TESTIMONIAL_PAGE_SIZE }]]);
  });

  it('reads and writes the page in the URL', async () => {
    const calls = renderPage(
      () => ({ data: { items: [amina], total: 30, page: 2, pageSize: PUBLIC_TESTIMONIAL_PAGE_SIZE, pageCount: 3 } }),
      '/testimonials?page=2',
    );
    await screen.findByText('The price we agreed was the price I paid.');
    expect(calls[0].input).toEqual({ page: 2, pageSize: PUBLIC_TESTIMONIAL_PAGE_SIZE });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('?page=3'));
  });

  it('says so when there are none', async () => {
    renderPage(() => ({ data: { items: [], total: 0, page: 1, pageSize: PUBLIC_TESTIMONIAL_PAGE_SIZE, pageCount: 0 } }));
    expect(await screen.findByText('No testimonials to show yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Vehicles' })).toHaveAttribute('href', '/cars');
  });
});
