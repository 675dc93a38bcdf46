import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../testing/render';
import { RegisterPage } from './Register.page';

function fillAndSubmit(values: Partial<Record<'Name' | 'Email' | 'Password' | 'Phone' | 'Address', string>>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(label)), { target: { value } });
  }
  act(() => screen.getByRole('button', { name: 'Register' }).click());
}

const complete = {
  Name: 'Wanjiru',
  Email: 'wanjiru@mail.co.ke',
  Password: 'long-enough-password',
  Phone: '0712345678',
  Address: 'Nyali, Mombasa',
};

describe('RegisterPage', () => {
  it('registers, shows the server message and goes to /login carrying the return target', async () => {
    const { apiCalls } = renderApp(<RegisterPage />, {
      route: '/register?redirect=%2Fdashboard%2Fuser%2Forder',
      path: '/register',
      otherPaths: ['/login'],
      api: () => ({
        data: {
          id: 'u1',
          name: 'Wanjiru',
          email: 'wanjiru@mail.co.ke',
          phone: '0712345678',
          address: 'Nyali, Mombasa',
          role: 0,
        },
      }),
    });
    fillAndSubmit(complete);
    expect(screen.getByText('Registering...')).toBeInTheDocument();
    expect(await screen.findByText('/login page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fdashboard%2Fuser%2Forder');
    expect(screen.getByText('User Registered Successfully')).toBeInTheDocument();
    expect(apiCalls).toEqual([
      {
        procedure: 'user.register',
        input: {
          name: 'Wanjiru',
          email: 'wanjiru@mail.co.ke',
          password: 'long-enough-password',
          phone: '0712345678',
          address: 'Nyali, Mombasa',
        },
      },
    ]);
  });

  it('checks the email format, then sends, then shows the server field messages', async () => {
    const { apiCalls } = renderApp(<RegisterPage />, {
      route: '/register',
      path: '/register',
      api: () => ({
        error: {
          message: 'Name is required',
          httpStatus: 400,
          fieldErrors: {
            name: ['Name is required'],
            password: ['Password is required'],
            address: ['Address is required'],
          },
        },
      }),
    });
    fillAndSubmit({ Email: 'wanjiru@mail' });
    expect(await screen.findByText('Invalid Email Format')).toBeInTheDocument();
    expect(apiCalls).toEqual([]);

    fillAndSubmit({ Email: 'wanjiru@mail.co.ke' });
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    // The name message shows on the field and in the error toast.
    await waitFor(() => expect(screen.getAllByText('Name is required')).toHaveLength(2));
    expect(apiCalls).toHaveLength(1);
  });

  it('shows the refusal of a taken email on the field', async () => {
    renderApp(<RegisterPage />, {
      route: '/register',
      path: '/register',
      api: () => ({ error: { message: 'Email is already registered', httpStatus: 409, field: 'email' } }),
    });
    fillAndSubmit(complete);
    // In the error toast and under the email field.
    await waitFor(() => expect(screen.getAllByText('Email is already registered')).toHaveLength(2));
  });

  it('says "Server Error" on a network failure or a server fault', async () => {
    renderApp(<RegisterPage />, { route: '/register', path: '/register' });
    fillAndSubmit(complete);
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
  });

  it('says "Server Error" on a 500 without leaking its text', async () => {
    renderApp(<RegisterPage />, {
      route: '/register',
      path: '/register',
      api: () => ({ error: { message: 'Internal server error', httpStatus: 500 } }),
    });
    fillAndSubmit(complete);
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
  });
});
