import {
  TestimonialCreateInputSchema,
  type TestimonialCreateFields,
  type TestimonialCreateInput,
  TESTIMONIAL_NAME_MAX_LENGTH,
} from '@dealership/testimonial-schemas';
import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateTestimonial = schemaResolver(TestimonialCreateInputSchema, { sync: true });

export interface TestimonialFormProps {
  /** Called with the values as the server's own schema leaves them (checked and trimmed in the browser first). */
  onSubmit: (values: TestimonialCreateFields) => void | Promise<void>;
  initialValues?: TestimonialCreateInput;
  submitLabel?: string;
  /** While the write is on its way. */
  saving?: boolean;
}

/** The fields of a testimonial, checked with the same schema the server uses. */
export function TestimonialForm({ onSubmit, initialValues = { name: '' }, submitLabel = 'Save', saving = false }: TestimonialFormProps) {
  const form = useForm<TestimonialCreateInput>({ mode: 'uncontrolled', initialValues, validate: validateTestimonial });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(TestimonialCreateInputSchema.parse(values)))} aria-label="Testimonial">
      <Group align="flex-end" gap="sm">
        <TextInput label="Name" required autoComplete="off" maxLength={TESTIMONIAL_NAME_MAX_LENGTH} key={form.key('name')} {...form.getInputProps('name')} />
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
