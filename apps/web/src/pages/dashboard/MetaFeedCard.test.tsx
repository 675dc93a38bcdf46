import { renderWithProviders } from '@dealership/web-ui/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MetaFeedCard } from './MetaFeedCard';

describe('MetaFeedCard', () => {
  const writeText = jest.fn<Promise<void>, [string]>();

  beforeEach(() => {
    writeText.mockReset().mockResolvedValue(undefined);
    // jsdom has no clipboard.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("shows the feed's absolute address on the site's public URL, with what to do with it", () => {
    renderWithProviders(<MetaFeedCard />, { config: { dealerPhone: '+254 711 222 333', publicUrl: 'https://dealer.co.ke' } });
    const card = within(screen.getByRole('region', { name: 'Facebook and Instagram ads' }));
    expect(card.getByRole('textbox', { name: 'Catalogue feed address' })).toHaveValue('https://dealer.co.ke/feeds/meta-vehicles.csv');
    expect(card.getByText('Add this address as a data feed in Meta Commerce Manager: your stock appears in Facebook and Instagram ads.')).toBeInTheDocument();
  });

  it('copies the address', async () => {
    renderWithProviders(<MetaFeedCard />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://cars.example/feeds/meta-vehicles.csv');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });
});
