import { renderWithProviders } from '@dealership/web-ui/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RegisterForm } from './RegisterForm';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  act(() => screen.getByRole('button', { name: 'Register' }).click());
}

describe('RegisterForm', () => {
  it('checks the email format first, before anything else and before sending', async () => {
    const onSubmit = jest.fn(async (_values: object) => undefined);
    renderWithProviders(<RegisterForm onSubmit={onSubmit} />);
    fill(/Email/, 'not-an-email');
    submit();
    expect(await screen.findByText('Invalid Email Format')).toBeInTheDocument();
    // The other fields are empty, but their checks are the server's (spec §5).
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('then sends the request, and shows the field messages the server answers with', async () => {
    const onSubmit = jest.fn(async () => ({ name: 'Name is required', phone: 'Phone Number is required' }));
    renderWithProviders(<RegisterForm onSubmit={onSubmit} />);
    fill(/Email/, 'wanjiru@mail.co.ke');
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: '',
        email: 'wanjiru@mail.co.ke',
        password: '',
        phone: '',
        address: '',
      }),
    );
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone Number is required')).toBeInTheDocument();
  });

  it('has a numeric phone input that keeps the leading zero, and links to login', async () => {
    const onSubmit = jest.fn(async (_values: object) => undefined);
    renderWithProviders(<RegisterForm onSubmit={onSubmit} loginHref="/login" />);
    const phone = screen.getByLabelText(/Phone/);
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    fill(/Name/, 'Wanjiru');
    fill(/Email/, 'wanjiru@mail.co.ke');
    fill(/Password/, 'long-enough-password');
    fill(/Phone/, '0712345678');
    fill(/Address/, 'Nyali, Mombasa');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'Wanjiru',
      email: 'wanjiru@mail.co.ke',
      password: 'long-enough-password',
      phone: '0712345678',
      address: 'Nyali, Mombasa',
    });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
