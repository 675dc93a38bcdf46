import { TestTrpcProvider } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { AskAboutCar } from './AskAboutCar';

const car = { id: '00000000-0000-4000-8000-000000000001', name: 'Toyota Vitz' };

describe('AskAboutCar', () => {
  it('opens the enquiry form about the car in a dialog, loaded on demand', async () => {
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })}>
        <AskAboutCar car={car} />
      </TestTrpcProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ask about this car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask about the Toyota Vitz' });
    expect(await within(dialog).findByRole('textbox', { name: /Message/ })).toHaveValue("I'm interested in the Toyota Vitz. Is it still available?");
  });
});
