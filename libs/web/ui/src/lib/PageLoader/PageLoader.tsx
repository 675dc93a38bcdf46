import { Center, Loader, Stack, Text } from '@mantine/core';

/** Spinner shown while a page or its data loads. */
export function PageLoader({ label = 'Loading…', minHeight = 320 }: { label?: string; minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="navy" type="dots" size="lg" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
