import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TestimonialForm } from './TestimonialForm';

const name = () => screen.getByRole('textbox', { name: /Customer name/ });
const quote = () => screen.getByRole('textbox', { name: /Quote/ });

describe('TestimonialForm', () => {
  it('checks the fields with the shared schema before anything is sent', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<TestimonialForm onSubmit={onSubmit} />);
    fireEvent.change(name(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Quote is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed values, blank details as none, five stars and published by default', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<TestimonialForm onSubmit={onSubmit} submitLabel="Add" />);
    fireEvent.change(name(), { target: { value: '  Amina W. ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Location/ }), { target: { value: ' Nyali ' } });
    fireEvent.change(quote(), { target: { value: ' Great service. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Amina W.', location: 'Nyali', carName: null, quote: 'Great service.', rating: 5, published: true }),
    );
  });

  it('unpublishes with the switch', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<TestimonialForm onSubmit={onSubmit} />);
    fireEvent.change(name(), { target: { value: 'Otieno' } });
    fireEvent.change(quote(), { target: { value: 'Fair price.' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Published' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Otieno', published: false })));
  });
});
