import { TestTrpcProvider, type FakeApi } from '@dealership/web-trpc-client/testing';
import { SiteConfigProvider, theme } from '@dealership/web-ui';
import { TEST_SITE_CONFIG } from '@dealership/web-ui/testing';
import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AlertPage } from './Alert.page';
import { MyAlerts } from './MyAlerts';

function renderAt(route: string, api: FakeApi, ui = <AlertPage />, path = '/alerts/:page') {
  const calls: { procedure: string; input: unknown }[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <SiteConfigProvider value={TEST_SITE_CONFIG}>
        <TestTrpcProvider
          api={(procedure, input) => {
            calls.push({ procedure, input });
            return api(procedure, input);
          }}
          queryClient={client}
        >
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={ui} />
            </Routes>
          </MemoryRouter>
        </TestTrpcProvider>
      </SiteConfigProvider>
    </MantineProvider>,
  );
  return calls;
}

describe('AlertPage', () => {
  it('saves the /cars search of the address for a contact, checked before sending, and says a confirmation link went out', async () => {
    const calls = renderAt('/alerts/search?type=SUV&fuel=Diesel&page=2', () => ({ data: { status: 'confirmation-sent', added: 1 } }));
    expect(screen.getByText('new cars: SUV, Diesel')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Get alerts' }));
    expect(await screen.findByText('Enter an email address or a Kenyan phone number, e.g. 0712 345 678')).toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /Your email or phone/ }), { target: { value: '0712 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get alerts' }));
    expect(await screen.findByText('Check your messages')).toBeInTheDocument();
    expect(calls).toEqual([{ procedure: 'alert.saveSearch', input: { filters: { bodyType: 'SUV', fuelType: 'Diesel' }, contact: '+254712345678' } }]);
  });

  it('unsubscribes only on the click, after showing what it ends', async () => {
    const calls = renderAt('/alerts/unsubscribe?token=u.x.y', (procedure) =>
      procedure === 'alert.linkInfo' ? { data: { recipient: 'j***@buyer.test', alerts: [{ kind: 'price', label: 'Nissan Note' }] } } : { data: { removed: 1 } },
    );
    expect(await screen.findByText('Price of Nissan Note')).toBeInTheDocument();
    expect(calls.map((c) => c.procedure)).toEqual(['alert.linkInfo']);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed')).toBeInTheDocument();
    expect(calls.map((c) => c.procedure)).toEqual(['alert.linkInfo', 'alert.unsubscribe']);
  });
});

describe('MyAlerts', () => {
  it("lists the buyer's alerts with links, and removes one", async () => {
    let alerts = [
      { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', kind: 'search', label: 'SUV, Diesel', href: '/cars?type=SUV&fuel=Diesel', createdAt: '2026-11-28T09:00:00.000Z' },
      { id: '1b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f51', kind: 'price', label: 'Nissan Note 2017', href: '/car/nissan-note-2017', createdAt: '2026-11-27T09:00:00.000Z' },
    ];
    const calls = renderAt(
      '/dashboard/user',
      (procedure, input) => {
        if (procedure === 'alert.remove') {
          alerts = alerts.filter((alert) => alert.id !== (input as { id: string }).id);
          return { data: input };
        }
        return { data: alerts };
      },
      <MyAlerts />,
      '/dashboard/user',
    );
    expect(await screen.findByRole('link', { name: 'SUV, Diesel' })).toHaveAttribute('href', '/cars?type=SUV&fuel=Diesel');
    expect(screen.getByRole('link', { name: 'Nissan Note 2017' })).toHaveAttribute('href', '/car/nissan-note-2017');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the alert Nissan Note 2017' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Nissan Note 2017' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.procedure === 'alert.remove')).toEqual([{ procedure: 'alert.remove', input: { id: '1b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f51' } }]);
  });
});
