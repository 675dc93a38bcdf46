import { callsOf, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { ImportCardPay, type ImportCardFormProps } from './ImportCardPay';

/** Stands in for the app's card form (the Braintree Drop-in, which talks to Braintree's servers): it asks its client token and pays with a nonce. */
function CardFormInTest({ total, onPay, loadClientToken }: ImportCardFormProps) {
  const [clientToken, setClientToken] = useState('');
  useEffect(() => {
    void loadClientToken().then((answer) => setClientToken(answer.clientToken));
  }, [loadClientToken]);
  return (
    <button type="button" disabled={!clientToken} onClick={() => void onPay('nonce-from-the-form')}>
      {`Pay ${total} with ${clientToken}`}
    </button>
  );
}

const next = { kind: 'deposit' as const, amountKes: 500_000 };

function renderCardPay(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <ImportCardPay token="import-token" next={next} CardForm={CardFormInTest} />
    </TestTrpcProvider>,
  );
  return calls;
}

describe('ImportCardPay (the tracking page\'s "Pay by card")', () => {
  it('opens the form with the link\'s client token, pays what is due with the nonce and shows the payment', async () => {
    const calls = renderCardPay((procedure) => (procedure === 'vehicleImport.clientToken' ? { data: { clientToken: 'client-token-1' } } : { data: {} }));
    expect(screen.getByText('Next: the deposit, KES 500,000, charged to your card.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 500000 with client-token-1' }));
    expect(await screen.findByRole('group', { name: 'Card payment received' })).toHaveTextContent('KES 500,000 by card');
    expect(callsOf(calls, 'vehicleImport.clientToken')[0].input).toEqual({ token: 'import-token' });
    expect(callsOf(calls, 'vehicleImport.payByCard')[0].input).toEqual({ token: 'import-token', nonce: 'nonce-from-the-form' });
  });

  it('a declined card: the server\'s words, and the form stays for another card', async () => {
    renderCardPay((procedure) =>
      procedure === 'vehicleImport.clientToken'
        ? { data: { clientToken: 'client-token-1' } }
        : { error: { code: 'PAYMENT_REQUIRED', message: 'Do Not Honor' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 500000 with client-token-1' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Do Not Honor'));
    expect(screen.getByRole('button', { name: 'Pay 500000 with client-token-1' })).toBeInTheDocument();
  });
});
