import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AlertForm } from './AlertForm';

describe('AlertForm', () => {
  it('checks the name with the shared schema before anything is sent', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<AlertForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed values', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<AlertForm onSubmit={onSubmit} submitLabel="Add" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '  First ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'First' }));
  });
});
