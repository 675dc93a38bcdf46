import { LeadCreateInputSchema, type LeadCreateFields, type LeadCreateInput, LEAD_NAME_MAX_LENGTH } from '@dealership/lead-schemas';
import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateLead = schemaResolver(LeadCreateInputSchema, { sync: true });

export interface LeadFormProps {
  /** Called with the values as the server's own schema leaves them (checked and trimmed in the browser first). */
  onSubmit: (values: LeadCreateFields) => void | Promise<void>;
  initialValues?: LeadCreateInput;
  submitLabel?: string;
  /** While the write is on its way. */
  saving?: boolean;
}

/** The fields of a lead, checked with the same schema the server uses. */
export function LeadForm({ onSubmit, initialValues = { name: '' }, submitLabel = 'Save', saving = false }: LeadFormProps) {
  const form = useForm<LeadCreateInput>({ mode: 'uncontrolled', initialValues, validate: validateLead });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(LeadCreateInputSchema.parse(values)))} aria-label="Lead">
      <Group align="flex-end" gap="sm">
        <TextInput label="Name" required autoComplete="off" maxLength={LEAD_NAME_MAX_LENGTH} key={form.key('name')} {...form.getInputProps('name')} />
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
