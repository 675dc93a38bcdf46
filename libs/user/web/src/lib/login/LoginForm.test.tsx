import { renderWithProviders } from '@dealership/web-ui/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginForm } from './LoginForm';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  act(() => screen.getByRole('button', { name: 'Login' }).click());
}

describe('LoginForm', () => {
  it('asks for the email first', async () => {
    const onSubmit = jest.fn(async () => undefined);
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    submit();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a malformed email with "Invalid Email Format"', async () => {
    const onSubmit = jest.fn(async () => undefined);
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    for (const email of ['juma', 'juma@mail', 'juma@mail.c', 'juma@mail.123']) {
      fill(/Email/, email);
      fill(/Password/, 'secret-password');
      submit();
      expect(await screen.findByText('Invalid Email Format')).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends valid credentials, and keeps the browser from blocking with its own checks', async () => {
    const onSubmit = jest.fn(async () => undefined);
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    expect(screen.getByRole('form', { name: 'Login' })).toHaveAttribute('novalidate');
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    fill(/Email/, 'juma@mail.co.ke');
    fill(/Password/, 'secret-password');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'juma@mail.co.ke', password: 'secret-password' }, expect.anything()));
  });

  it('links to the register page', () => {
    renderWithProviders(<LoginForm onSubmit={jest.fn()} registerHref="/register?redirect=%2Fdashboard%2Fuser" />);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?redirect=%2Fdashboard%2Fuser');
  });
});
