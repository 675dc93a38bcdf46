import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';

export interface ErrorStateProps {
  title?: string;
  message?: string;
  /** Called by the 'Try again' button; the button is hidden without it. */
  onRetry?: () => void;
  /** Shows a busy retry button while a retry is in flight. */
  retrying?: boolean;
}

/** A failed load: a message and a retry button (instead of the legacy endless spinner). */
export function ErrorState({
  title = 'Something went wrong',
  message = 'We could not load this content. Please check your connection and try again.',
  onRetry,
  retrying = false,
}: ErrorStateProps) {
  return (
    <Center py="xl">
      <Paper role="alert" withBorder radius="md" p="xl" maw={480} w="100%" bg="red.0">
        <Stack align="center" gap="sm" ta="center">
          <Title order={3} size="h4" c="red.9">
            {title}
          </Title>
          <Text size="sm" c="gray.8">
            {message}
          </Text>
          {onRetry ? (
            <Button onClick={onRetry} loading={retrying} color="red.8">
              Try again
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
