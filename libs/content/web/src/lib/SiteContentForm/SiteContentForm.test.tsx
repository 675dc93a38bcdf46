import { defaultSiteContent, siteContentFields } from '@dealership/content-schemas';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SiteContentForm } from './SiteContentForm';

const initialValues = siteContentFields(defaultSiteContent('+254 711 222 333'));

function renderForm(onSubmit = jest.fn().mockResolvedValue(true)) {
  renderWithProviders(<SiteContentForm initialValues={initialValues} onSubmit={onSubmit} />);
  return onSubmit;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save site content' }));

describe('SiteContentForm', () => {
  it('starts from the content in force: the FAQ in order and each day of the week', () => {
    renderForm();
    expect(screen.getAllByRole('textbox', { name: 'Question' }).map((input) => (input as HTMLInputElement).value)).toEqual(initialValues.faq.map((entry) => entry.question));
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+254 711 222 333');
    expect(screen.getByLabelText('Saturday closes')).toHaveValue('13:00');
    expect(screen.getByRole('switch', { name: 'Sunday closed' })).toBeChecked();
    expect(screen.getByLabelText('Sunday opens')).toBeDisabled();
  });

  it("sends an edited Saturday and answer, checked and trimmed by the server's schema", async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Saturday closes'), { target: { value: '15:30' } });
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Answer' })[1], { target: { value: '  Duty is 35% now.  ' } });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0][0];
    expect(sent.hours.saturday).toEqual({ closed: false, open: '08:00', close: '15:30' });
    expect(sent.faq[1].answer).toBe('Duty is 35% now.');
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('names the problem at its field and sends nothing', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Saturday opens'), { target: { value: '14:00' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Map link' }), { target: { value: 'maps' } });
    save();
    expect(await screen.findByText('Saturday closing time must be after its opening time')).toBeInTheDocument();
    expect(screen.getByText('Map link must be a web address starting with https://')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds, reorders and removes FAQ entries', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    const added = within(screen.getByRole('group', { name: 'Question 5' }));
    fireEvent.change(added.getByRole('textbox', { name: 'Question' }), { target: { value: 'Do you take trade-ins?' } });
    fireEvent.change(added.getByRole('textbox', { name: 'Answer' }), { target: { value: 'Yes.' } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].faq.map((entry: { question: string }) => entry.question)).toEqual([
      initialValues.faq[1].question,
      initialValues.faq[0].question,
      initialValues.faq[2].question,
      initialValues.faq[3].question,
      'Do you take trade-ins?',
    ]);
  });

  it('closes a day with its switch', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('switch', { name: 'Saturday closed' }));
    expect(screen.getByLabelText('Saturday opens')).toBeDisabled();
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].hours.saturday.closed).toBe(true);
  });

  it('asks before the page is left with unsaved changes', () => {
    renderForm();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), { target: { value: 'Nyali Road, Mombasa' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
