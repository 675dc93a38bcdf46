import { ContentCreateInputSchema, type ContentCreateFields, type ContentCreateInput, CONTENT_NAME_MAX_LENGTH } from '@dealership/content-schemas';
import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateContent = schemaResolver(ContentCreateInputSchema, { sync: true });

export interface ContentFormProps {
  /** Called with the values as the server's own schema leaves them (checked and trimmed in the browser first). */
  onSubmit: (values: ContentCreateFields) => void | Promise<void>;
  initialValues?: ContentCreateInput;
  submitLabel?: string;
  /** While the write is on its way. */
  saving?: boolean;
}

/** The fields of a content, checked with the same schema the server uses. */
export function ContentForm({ onSubmit, initialValues = { name: '' }, submitLabel = 'Save', saving = false }: ContentFormProps) {
  const form = useForm<ContentCreateInput>({ mode: 'uncontrolled', initialValues, validate: validateContent });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(ContentCreateInputSchema.parse(values)))} aria-label="Content">
      <Group align="flex-end" gap="sm">
        <TextInput label="Name" required autoComplete="off" maxLength={CONTENT_NAME_MAX_LENGTH} key={form.key('name')} {...form.getInputProps('name')} />
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
