import { oldestImportableYear, type ImportLeadInput } from '@dealership/lead-schemas';
import { AmountInput } from '@dealership/web-ui';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { amountField, ContactFields, FormFailure, Honeypot, kesFormat, LeadSent, OptionalMessage, useSendLead } from '../kinds/lead-form-parts';
import { ConsentBox } from '../kinds/ConsentBox';
import { lazyResolver, preloadLeadContract } from '../kinds/lazy-contract';
import { SendButton } from '../kinds/SendButton';

const validateImport = lazyResolver<ImportLeadInput>((contract) => contract.ImportLeadSchema);

const VISIBLE_FIELDS = ['name', 'phone', 'email', 'consent', 'message'] as const;

export interface ImportRequestFormProps {
  onSent?: () => void;
}

/**
 * A request to import a car on the buyer's behalf (lead kind `import`): make, model, the years
 * they would accept (from the oldest the eight-year rule admits at arrival), budget and colour.
 */
export function ImportRequestForm({ onSent }: ImportRequestFormProps) {
  const oldest = oldestImportableYear();
  const form = useForm<ImportLeadInput>({
    initialValues: {
      kind: 'import',
      name: '',
      phone: '',
      email: '',
      consent: false,
      message: '',
      details: { make: '', model: '', yearFrom: '', yearTo: '', budget: '', colour: '' },
      website: '',
    },
    validate: validateImport,
  });
  const { send, sent, failure, pending } = useSendLead({
    visibleFields: VISIBLE_FIELDS,
    setErrors: form.setErrors,
    validate: () => !form.validate().hasErrors,
    onSent,
  });
  const field = (name: keyof ImportLeadInput) => form.getInputProps(name);
  const detail = (name: keyof ImportLeadInput['details']) => form.getInputProps(`details.${name}`);

  if (sent) {
    const car = form.getValues().details;
    const wanted = `${car.make.trim()} ${car.model.trim()} (${car.yearFrom === car.yearTo ? car.yearFrom : `${car.yearFrom}-${car.yearTo}`})`;
    return (
      <LeadSent title="Thank you, we have your import request" whatsappText={`Hello, I asked you to import a ${wanted}.`}>
        We will look for a {wanted} within KES {kesFormat.format(Number(car.budget))} at auctions and exporters, and call you on the number you gave with what
        we find and its full landed cost, duty included, before you pay anything.
      </LeadSent>
    );
  }

  return (
    <form onFocusCapture={preloadLeadContract} noValidate onSubmit={form.onSubmit((values) => void send(values))} aria-label="Import request">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Make" placeholder="Mazda" required maxLength={60} {...detail('make')} />
          <TextInput label="Model" placeholder="CX-5" required maxLength={60} {...detail('model')} />
          <AmountInput label="Year from" description={`${oldest} or later`} required separators={false} maxLength={4} {...amountField(detail('yearFrom'))} />
          <AmountInput label="Year to" required separators={false} maxLength={4} {...amountField(detail('yearTo'))} />
          <AmountInput label="Budget (KES)" description="Landed, duty included" required {...amountField(detail('budget'))} />
          <TextInput label="Colour" description="Optional" maxLength={60} {...detail('colour')} />
        </SimpleGrid>
        <ContactFields field={field} />
        <OptionalMessage field={field} />
        <ConsentBox props={form.getInputProps('consent', { type: 'checkbox' })} />
        <Honeypot field={field} />
        <FormFailure failure={failure} />
        <SendButton loading={pending} w="fit-content">
          Send my request
        </SendButton>
      </Stack>
    </form>
  );
}
