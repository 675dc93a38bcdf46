import { fireEvent, screen } from '@testing-library/react';
import { renderApp, storeSession } from '../../testing/render';
import { VerifyEmailPage } from './VerifyEmail.page';

const TOKEN = 'vR7pQm0cVbB2a9xY4kLz8Wn3Ed6Ts1Hu5Gf0Jo2Ci4Aa';

describe('VerifyEmailPage', () => {
  afterEach(() => window.localStorage.clear());

  it('confirms the address on a click, not on opening, and marks the stored account of a signed-in visitor', async () => {
    storeSession({ name: 'Juma', role: 0, email: 'juma@mail.co.ke', emailVerified: false });
    const { apiCalls } = renderApp(<VerifyEmailPage />, {
      route: `/verify-email?token=${TOKEN}`,
      path: '/verify-email',
      api: (procedure) => (procedure === 'user.verifyEmail' ? { data: { email: 'juma@mail.co.ke' } } : { error: { httpStatus: 404 } }),
    });
    // Opening the link (a mail scanner's visit) spends nothing.
    const button = await screen.findByRole('button', { name: 'Confirm my email address' });
    expect(apiCalls.filter((c) => c.procedure === 'user.verifyEmail')).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText('Email address confirmed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/dashboard/user');
    expect(apiCalls.filter((c) => c.procedure === 'user.verifyEmail')).toEqual([{ procedure: 'user.verifyEmail', input: { token: TOKEN } }]);
    expect(JSON.parse(window.localStorage.getItem('auth') ?? 'null').user.emailVerified).toBe(true);
  });

  it("shows the server's reason for a link that no longer works, and the way to a new one", async () => {
    const message =
      'This confirmation link has expired, has already been used, or was sent to an address your account no longer has. Please ask for a new one.';
    renderApp(<VerifyEmailPage />, {
      route: `/verify-email?token=${TOKEN}`,
      path: '/verify-email',
      api: () => ({ error: { httpStatus: 400, message, field: 'token' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
