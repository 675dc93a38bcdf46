import {
  TestimonialCreateInputSchema,
  type TestimonialCreateFields,
  type TestimonialCreateInput,
  TESTIMONIAL_DETAIL_MAX_LENGTH,
  TESTIMONIAL_NAME_MAX_LENGTH,
  TESTIMONIAL_QUOTE_MAX_LENGTH,
} from '@dealership/testimonial-schemas';
import { Button, Group, Rating, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateTestimonial = schemaResolver(TestimonialCreateInputSchema, { sync: true });

/** An empty form: five stars and published, as most testimonials are. */
export const EMPTY_TESTIMONIAL: TestimonialCreateInput = { name: '', location: '', carName: '', quote: '', rating: 5, published: true };

export interface TestimonialFormProps {
  /** Called with the values as the server's own schema leaves them (checked and trimmed in the browser first). */
  onSubmit: (values: TestimonialCreateFields) => void | Promise<void>;
  initialValues?: TestimonialCreateInput;
  submitLabel?: string;
  /** While the write is on its way. */
  saving?: boolean;
  onCancel?: () => void;
}

/** The fields of a testimonial, checked with the same schema the server uses. */
export function TestimonialForm({ onSubmit, initialValues = EMPTY_TESTIMONIAL, submitLabel = 'Save', saving = false, onCancel }: TestimonialFormProps) {
  const form = useForm<TestimonialCreateInput>({ mode: 'uncontrolled', initialValues, validate: validateTestimonial });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(TestimonialCreateInputSchema.parse(values)))} aria-label="Testimonial">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Customer name"
            description="As they agreed to be named"
            placeholder="Amina W."
            required
            autoComplete="off"
            maxLength={TESTIMONIAL_NAME_MAX_LENGTH}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Location"
            description="Optional"
            placeholder="Nyali, Mombasa"
            autoComplete="off"
            maxLength={TESTIMONIAL_DETAIL_MAX_LENGTH}
            key={form.key('location')}
            {...form.getInputProps('location')}
          />
          <TextInput
            label="Car"
            description="Optional"
            placeholder="Toyota Harrier"
            autoComplete="off"
            maxLength={TESTIMONIAL_DETAIL_MAX_LENGTH}
            key={form.key('carName')}
            {...form.getInputProps('carName')}
          />
        </SimpleGrid>
        <Textarea
          label="Quote"
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={TESTIMONIAL_QUOTE_MAX_LENGTH}
          key={form.key('quote')}
          {...form.getInputProps('quote')}
        />
        <Group justify="space-between" align="center" gap="md">
          <Group gap="xl">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="testimonial-rating-label">
                Rating
              </Text>
              <Rating aria-labelledby="testimonial-rating-label" key={form.key('rating')} {...form.getInputProps('rating')} />
            </Stack>
            <Switch label="Published" key={form.key('published')} {...form.getInputProps('published', { type: 'checkbox' })} />
          </Group>
          <Group gap="sm">
            {onCancel ? (
              <Button variant="default" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
