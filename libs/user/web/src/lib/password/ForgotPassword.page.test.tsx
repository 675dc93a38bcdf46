import { PASSWORD_RESET_REQUESTED_MESSAGE } from '@dealership/user-schemas';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../testing/render';
import { ForgotPasswordPage } from './ForgotPassword.page';

function ask(email: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  act(() => screen.getByRole('button', { name: 'Email me a link' }).click());
}

describe('ForgotPasswordPage', () => {
  it("sends the address and shows the server's answer (the same for any address)", async () => {
    const { apiCalls } = renderApp(<ForgotPasswordPage />, {
      api: () => ({ data: { message: PASSWORD_RESET_REQUESTED_MESSAGE } }),
    });
    ask(' Wanjiru@Mail.co.ke ');
    expect(await screen.findByText(PASSWORD_RESET_REQUESTED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('wanjiru@mail.co.ke')).toBeInTheDocument();
    expect(apiCalls).toEqual([{ procedure: 'user.requestPasswordReset', input: { email: 'wanjiru@mail.co.ke' } }]);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('checks the email format before sending', async () => {
    const { apiCalls } = renderApp(<ForgotPasswordPage />);
    ask('not-an-email');
    expect(await screen.findByText('Invalid Email Format')).toBeInTheDocument();
    expect(apiCalls).toEqual([]);
  });

  it('shows the throttle message on the page when the server refuses (429)', async () => {
    renderApp(<ForgotPasswordPage />, {
      api: () => ({ error: { httpStatus: 429, message: 'Too many emails asked for. Please check your inbox (and spam folder), or try again in 40 minutes.' } }),
    });
    ask('wanjiru@mail.co.ke');
    expect(await screen.findByRole('alert')).toHaveTextContent('try again in 40 minutes');
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeInTheDocument();
  });
});
