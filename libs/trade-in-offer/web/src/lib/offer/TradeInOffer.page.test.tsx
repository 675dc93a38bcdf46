import type { TradeInOfferView } from '@dealership/trade-in-offer-schemas';
import { callsOf, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { TradeInOfferPage } from './TradeInOffer.page';

const token = '00000000-0000-4000-9300-000000000001.signature';
const offer: TradeInOfferView = { reference: 'OFR-00001', car: '2015 Toyota Axio, 120,000 km', amountKes: 850_000, conditions: 'Logbook at handover', validUntil: '2026-12-14', status: 'sent' };

function renderOffer(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <TradeInOfferPage />
    </TestTrpcProvider>,
    { route: `/trade-in-offer/${token}`, path: '/trade-in-offer/:token' },
  );
  return calls;
}

describe('TradeInOfferPage', () => {
  it('shows the amount and last day; Accept offer sends the link token and shows the outcome', async () => {
    const calls = renderOffer((procedure) => (procedure === 'tradeInOffer.accept' ? { data: { ...offer, status: 'accepted' } } : { data: offer }));
    expect(await screen.findByText('KES 850,000')).toBeInTheDocument();
    expect(screen.getByText('14 December 2026')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You accepted this offer');
    expect(callsOf(calls, 'tradeInOffer.accept')[0].input).toEqual({ token });
  });

  it('says why a late answer is refused', async () => {
    renderOffer((procedure) =>
      procedure === 'tradeInOffer.decline'
        ? { error: { code: 'CONFLICT', httpStatus: 409, message: 'This offer ended on 14 Dec 2026; ask us for a new one' } }
        : { data: offer },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer ended on 14 Dec 2026; ask us for a new one');
  });
});
