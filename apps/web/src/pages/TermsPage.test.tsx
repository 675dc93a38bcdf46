import { DEFAULT_RESERVATION_RULES } from '@dealership/setting-schemas';
import { TestTrpcProvider } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen } from '@testing-library/react';
import { TermsPage } from './TermsPage';

describe('TermsPage', () => {
  it('states how long a trade-in offer holds as the rate set in force says (what Make an offer prefills)', async () => {
    renderWithProviders(
      <TestTrpcProvider
        api={(procedure) =>
          procedure === 'setting.current' ? { data: { reservation: { ...DEFAULT_RESERVATION_RULES, tradeInOfferValidDays: 10 } } } : { data: null }
        }
      >
        <TermsPage />
      </TestTrpcProvider>,
      { route: '/terms' },
    );
    expect(await screen.findByText(/our offer follows an inspection at the showroom and is valid for 10 days\.$/)).toBeInTheDocument();
  });
});
