import { AlertCreateInputSchema, type AlertCreateFields, type AlertCreateInput, ALERT_NAME_MAX_LENGTH } from '@dealership/alert-schemas';
import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateAlert = schemaResolver(AlertCreateInputSchema, { sync: true });

export interface AlertFormProps {
  /** Called with the values as the server's own schema leaves them (checked and trimmed in the browser first). */
  onSubmit: (values: AlertCreateFields) => void | Promise<void>;
  initialValues?: AlertCreateInput;
  submitLabel?: string;
  /** While the write is on its way. */
  saving?: boolean;
}

/** The fields of a alert, checked with the same schema the server uses. */
export function AlertForm({ onSubmit, initialValues = { name: '' }, submitLabel = 'Save', saving = false }: AlertFormProps) {
  const form = useForm<AlertCreateInput>({ mode: 'uncontrolled', initialValues, validate: validateAlert });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(AlertCreateInputSchema.parse(values)))} aria-label="Alert">
      <Group align="flex-end" gap="sm">
        <TextInput label="Name" required autoComplete="off" maxLength={ALERT_NAME_MAX_LENGTH} key={form.key('name')} {...form.getInputProps('name')} />
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
