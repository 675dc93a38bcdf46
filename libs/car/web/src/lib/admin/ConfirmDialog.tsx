import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ADMIN_CAR_COPY } from './admin-car-copy';

/** A question before an action that cannot be undone: the question, what it is about, Cancel and the red confirm button. */
export function ConfirmDialog({
  opened,
  title,
  question,
  subject,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  question: string;
  /** What the action is about (a car's name), under the question. */
  subject?: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{question}</Text>
        {subject ? (
          <Text size="sm" c="dimmed">
            {subject}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {ADMIN_CAR_COPY.deleteCancel}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
