import { act, screen } from '@testing-library/react';
import { renderApp } from '../../testing/render';
import { makeOrder } from '../../testing/fixtures';
import { UserOrdersPage } from './UserOrders.page';

describe('UserOrdersPage', () => {
  it("lists the user's orders from order.mine", async () => {
    const { apiCalls } = renderApp(<UserOrdersPage />, {
      route: '/dashboard/user/order',
      api: () => ({ data: [makeOrder(), makeOrder({ id: 'order-2' })] }),
    });
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(apiCalls.map((call) => call.procedure)).toEqual(['order.mine']);
  });

  it('says so when there are no orders', async () => {
    renderApp(<UserOrdersPage />, { route: '/dashboard/user/order', api: () => ({ data: [] }) });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our cars' })).toHaveAttribute('href', '/cars');
  });

  it("shows 'Server Error' and an error state whose retry loads again", async () => {
    let fail = true;
    renderApp(<UserOrdersPage />, {
      route: '/dashboard/user/order',
      api: () => (fail ? { error: { message: 'Internal server error', httpStatus: 500 } } : { data: [makeOrder()] }),
    });
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Could not load your orders' }).closest('[role="alert"]'),
    ).toBeInTheDocument();

    fail = false;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });
});
