import {
  FAQ_ANSWER_MAX_LENGTH,
  FAQ_MAX_ENTRIES,
  FAQ_QUESTION_MAX_LENGTH,
  SiteContentUpdateInputSchema,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type SiteContentFields,
  type SiteContentUpdateInput,
} from '@dealership/content-schemas';
import { ActionIcon, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateContent = schemaResolver(SiteContentUpdateInputSchema, { sync: true });

export interface SiteContentFormProps {
  /** The content as it is now (`content.current` without its version). */
  initialValues: SiteContentUpdateInput;
  /** Called with the values as the server's own schema leaves them (checked and trimmed in the browser first); resolves once saved. */
  onSubmit: (values: SiteContentFields) => Promise<boolean>;
  /** While the write is on its way. */
  saving?: boolean;
}

/**
 * The site content the staff edit: the home FAQ (add, remove, reorder), the opening hours of each
 * day, the contact details and the social links, checked with the same schema the server uses.
 * Leaving the page (closing the tab, reloading) with unsaved changes asks first.
 */
export function SiteContentForm({ initialValues, onSubmit, saving = false }: SiteContentFormProps) {
  const form = useForm<SiteContentUpdateInput>({ initialValues, validate: validateContent, validateInputOnBlur: true });
  const dirty = form.isDirty();

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = form.onSubmit(async (values) => {
    const parsed = SiteContentUpdateInputSchema.parse(values);
    if (await onSubmit(parsed)) {
      form.setValues(parsed);
      form.resetDirty(parsed);
    }
  });

  const faq = form.getValues().faq;
  return (
    <form noValidate onSubmit={submit} aria-label="Site content">
      <Stack gap="xl">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="faq-editor-heading">
          <Title order={2} size="h4" id="faq-editor-heading" mb="xs">
            FAQ
          </Title>
          <Text size="sm" c="gray.7" mb="md">
            The questions on the home page, in this order.
          </Text>
          <Stack gap="md">
            {faq.map((_, index) => (
              <Fieldset key={index} legend={`Question ${index + 1}`}>
                <Stack gap="xs">
                  <TextInput label="Question" required maxLength={FAQ_QUESTION_MAX_LENGTH} {...form.getInputProps(`faq.${index}.question`)} />
                  <Textarea label="Answer" required autosize minRows={2} maxLength={FAQ_ANSWER_MAX_LENGTH} {...form.getInputProps(`faq.${index}.answer`)} />
                  <Group gap="xs" justify="flex-end">
                    <ActionIcon
                      variant="default"
                      aria-label={`Move question ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => form.reorderListItem('faq', { from: index, to: index - 1 })}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move question ${index + 1} down`}
                      disabled={index === faq.length - 1}
                      onClick={() => form.reorderListItem('faq', { from: index, to: index + 1 })}
                    >
                      ↓
                    </ActionIcon>
                    <Button variant="subtle" color="red" size="xs" disabled={faq.length === 1} onClick={() => form.removeListItem('faq', index)}>
                      Remove question {index + 1}
                    </Button>
                  </Group>
                </Stack>
              </Fieldset>
            ))}
            {form.errors['faq'] ? (
              <Text c="red.8" size="sm" role="alert">
                {form.errors['faq']}
              </Text>
            ) : null}
            <Button variant="light" w="fit-content" disabled={faq.length >= FAQ_MAX_ENTRIES} onClick={() => form.insertListItem('faq', { question: '', answer: '' })}>
              Add a question
            </Button>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="hours-editor-heading">
          <Title order={2} size="h4" id="hours-editor-heading" mb="xs">
            Opening hours
          </Title>
          <Text size="sm" c="gray.7" mb="md">
            Nairobi time. The footer, the search engines, the test-drive slots and the buyers&apos; acknowledgements use them.
          </Text>
          <Stack gap="sm">
            {WEEKDAYS.map((day) => {
              const closed = form.getValues().hours[day].closed;
              const label = WEEKDAY_LABELS[day];
              return (
                <Group key={day} gap="md" align="flex-start" wrap="wrap">
                  <Text fw={600} w={110} pt={6}>
                    {label}
                  </Text>
                  <Switch label="Closed" aria-label={`${label} closed`} pt={8} {...form.getInputProps(`hours.${day}.closed`, { type: 'checkbox' })} />
                  <TextInput type="time" label="Opens" aria-label={`${label} opens`} disabled={closed} w={130} {...form.getInputProps(`hours.${day}.open`)} />
                  <TextInput type="time" label="Closes" aria-label={`${label} closes`} disabled={closed} w={130} {...form.getInputProps(`hours.${day}.close`)} />
                </Group>
              );
            })}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="contact-editor-heading">
          <Title order={2} size="h4" id="contact-editor-heading" mb="md">
            Contact details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Phone" required type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            <TextInput label="WhatsApp number" description="Empty: the phone" type="tel" autoComplete="off" {...form.getInputProps('whatsapp')} />
            <TextInput label="Email" description="Empty: none shown" type="email" autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label="Address" required autoComplete="off" {...form.getInputProps('address')} />
            <TextInput label="Map link" description="A Google Maps (or other) address, https://" type="url" {...form.getInputProps('mapUrl')} />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="social-editor-heading">
          <Title order={2} size="h4" id="social-editor-heading" mb="xs">
            Social links
          </Title>
          <Text size="sm" c="gray.7" mb="md">
            The footer links to each network with an address.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SOCIAL_NETWORKS.map((network) => (
              <TextInput key={network} label={SOCIAL_NETWORK_LABELS[network]} type="url" {...form.getInputProps(`social.${network}`)} />
            ))}
          </SimpleGrid>
        </Paper>

        <Group>
          <Button type="submit" loading={saving}>
            Save site content
          </Button>
          {dirty ? (
            <Text size="sm" c="gray.7">
              Unsaved changes
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
