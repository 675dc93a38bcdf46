import { PASSWORDS_DIFFER } from '@dealership/user-schemas';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../testing/render';
import { PASSWORD_RESET_DONE_MESSAGE, ResetPasswordPage } from './ResetPassword.page';

const TOKEN = 'rR7pQm0cVbB2a9xY4kLz8Wn3Ed6Ts1Hu5Gf0Jo2Ci4Aa';

function choose(password: string, again: string) {
  fireEvent.change(screen.getByLabelText(/^New password\s*\*?$/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/New password again/), { target: { value: again } });
  act(() => screen.getByRole('button', { name: 'Save the new password' }).click());
}

describe('ResetPasswordPage', () => {
  it('sends the token with the new password, then sends the visitor to log in', async () => {
    const { apiCalls } = renderApp(<ResetPasswordPage />, {
      route: `/reset-password?token=${TOKEN}`,
      path: '/reset-password',
      otherPaths: ['/login'],
      api: () => ({ data: { email: 'juma@mail.co.ke' } }),
    });
    choose('a-new-long-password', 'a-new-long-password');
    expect(await screen.findByText('/login page')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_RESET_DONE_MESSAGE)).toBeInTheDocument();
    expect(apiCalls).toEqual([
      { procedure: 'user.resetPassword', input: { token: TOKEN, password: 'a-new-long-password', confirmPassword: 'a-new-long-password' } },
    ]);
  });

  it('asks for the same password twice, with the registration rules, before sending', async () => {
    const { apiCalls } = renderApp(<ResetPasswordPage />, { route: `/reset-password?token=${TOKEN}`, path: '/reset-password' });
    choose('short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    choose('a-new-long-password', 'another-long-password');
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(apiCalls).toEqual([]);
  });

  it('explains a used or expired link and links to ask for a new one', async () => {
    const message = 'This password reset link has expired or has already been used. Please ask for a new one.';
    renderApp(<ResetPasswordPage />, {
      route: `/reset-password?token=${TOKEN}`,
      path: '/reset-password',
      api: () => ({ error: { httpStatus: 400, message, field: 'token' } }),
    });
    choose('a-new-long-password', 'a-new-long-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^New password\s*\*?$/)).not.toBeInTheDocument();
  });

  it('says so at once when the link has no token', () => {
    renderApp(<ResetPasswordPage />, { route: '/reset-password', path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
