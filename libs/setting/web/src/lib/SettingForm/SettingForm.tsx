import { SettingCreateInputSchema, type SettingCreateFields, type SettingCreateInput, SETTING_NAME_MAX_LENGTH } from '@dealership/setting-schemas';
import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateSetting = schemaResolver(SettingCreateInputSchema, { sync: true });

export interface SettingFormProps {
  /** Called with the values as the server's own schema leaves them (checked and trimmed in the browser first). */
  onSubmit: (values: SettingCreateFields) => void | Promise<void>;
  initialValues?: SettingCreateInput;
  submitLabel?: string;
  /** While the write is on its way. */
  saving?: boolean;
}

/** The fields of a setting, checked with the same schema the server uses. */
export function SettingForm({ onSubmit, initialValues = { name: '' }, submitLabel = 'Save', saving = false }: SettingFormProps) {
  const form = useForm<SettingCreateInput>({ mode: 'uncontrolled', initialValues, validate: validateSetting });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(SettingCreateInputSchema.parse(values)))} aria-label="Setting">
      <Group align="flex-end" gap="sm">
        <TextInput label="Name" required autoComplete="off" maxLength={SETTING_NAME_MAX_LENGTH} key={form.key('name')} {...form.getInputProps('name')} />
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
