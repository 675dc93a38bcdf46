import { act, screen, waitFor } from '@testing-library/react';
import { renderApp, storeSession } from '../../testing/render';
import { EmailVerificationBanner } from './EmailVerificationBanner';

const account = (emailVerified: boolean) => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Juma',
  email: 'juma@mail.co.ke',
  phone: '0712000000',
  address: 'Mombasa',
  role: 0,
  emailVerified,
});

describe('EmailVerificationBanner', () => {
  beforeEach(() => storeSession({ name: 'Juma', role: 0 }));
  afterEach(() => window.localStorage.clear());

  it('asks an unverified user to confirm, and sends the link again', async () => {
    const { apiCalls } = renderApp(<EmailVerificationBanner />, {
      api: (procedure) => (procedure === 'user.me' ? { data: account(false) } : { data: { sent: true } }),
    });
    expect(await screen.findByText(/Please confirm your email address: we sent a link to/)).toHaveTextContent(
      'Please confirm your email address: we sent a link to juma@mail.co.ke.',
    );
    act(() => screen.getByRole('button', { name: 'Send the link again' }).click());
    expect(await screen.findByText('We sent a new link to juma@mail.co.ke.')).toBeInTheDocument();
    expect(apiCalls.map((c) => c.procedure)).toEqual(['user.me', 'user.resendVerification']);
  });

  it("shows the server's message when the resend is throttled", async () => {
    renderApp(<EmailVerificationBanner />, {
      api: (procedure) =>
        procedure === 'user.me'
          ? { data: account(false) }
          : { error: { httpStatus: 429, message: 'Too many emails asked for. Please try again in 50 minutes.' } },
    });
    const button = await screen.findByRole('button', { name: 'Send the link again' });
    act(() => button.click());
    expect(await screen.findByText('Too many emails asked for. Please try again in 50 minutes.')).toBeInTheDocument();
  });

  it('shows nothing to a verified user', async () => {
    const { apiCalls } = renderApp(<EmailVerificationBanner />, { api: () => ({ data: account(true) }) });
    await waitFor(() => expect(apiCalls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });
});
