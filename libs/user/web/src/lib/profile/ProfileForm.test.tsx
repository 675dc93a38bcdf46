import { renderWithProviders } from '@dealership/web-ui/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ProfileForm } from './ProfileForm';

const initialValues = {
  name: 'Juma Hamisi',
  email: 'juma@mail.co.ke',
  password: '',
  currentPassword: '',
  phone: '0712345678',
  address: 'Old Town, Mombasa',
};

function submit() {
  act(() => screen.getByRole('button', { name: 'Update' }).click());
}

describe('ProfileForm', () => {
  it('keeps the spec reading (name, phone and address typed as email) yet submits real names and numbers', async () => {
    const onSubmit = jest.fn(async (_values: object) => undefined);
    renderWithProviders(<ProfileForm initialValues={initialValues} onSubmit={onSubmit} />);
    for (const label of [/Name/, /Phone/, /Address/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'email');
    }
    // The browser's email check would refuse these values; the form leaves validation to the schema.
    expect(screen.getByRole('form', { name: 'Update Profile' })).toHaveAttribute('novalidate');
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Juma Said' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ ...initialValues, name: 'Juma Said' });
  });

  it('validates with the shared schema', async () => {
    const onSubmit = jest.fn(async (_values: object) => undefined);
    renderWithProviders(<ProfileForm initialValues={initialValues} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'juma@mail' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'short' } });
    submit();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid Email Format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the current password only when a new one is typed', async () => {
    const onSubmit = jest.fn(async (_values: object) => undefined);
    renderWithProviders(<ProfileForm initialValues={initialValues} onSubmit={onSubmit} />);
    const current = screen.getByLabelText(/^Current Password/);
    expect(current).not.toBeRequired();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-brand-new-password' } });
    await waitFor(() => expect(screen.getByLabelText(/^Current Password/)).toBeRequired());
    submit();
    expect(await screen.findByText('Current Password is required to change the password')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Current Password/), { target: { value: 'my-old-password' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ ...initialValues, password: 'a-brand-new-password', currentPassword: 'my-old-password' });

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: '' } });
    await waitFor(() => expect(screen.getByLabelText(/^Current Password/)).not.toBeRequired());
  });

  it('asks for the current password when the email changes (not for the same email in other case)', async () => {
    const onSubmit = jest.fn(async (_values: object) => undefined);
    renderWithProviders(<ProfileForm initialValues={initialValues} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'JUMA@mail.co.ke' } });
    expect(screen.getByLabelText(/^Current Password/)).not.toBeRequired();
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'juma.new@mail.co.ke' } });
    await waitFor(() => expect(screen.getByLabelText(/^Current Password/)).toBeRequired());
    submit();
    expect(await screen.findByText('Current Password is required to change the email')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Current Password/), { target: { value: 'my-password-1' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ ...initialValues, email: 'juma.new@mail.co.ke', currentPassword: 'my-password-1' });
  });

  it('shows the field messages the server answers with', async () => {
    const onSubmit = jest.fn(async () => ({ email: 'Email is already registered' }));
    renderWithProviders(<ProfileForm initialValues={initialValues} onSubmit={onSubmit} />);
    submit();
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument();
  });
});
