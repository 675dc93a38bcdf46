// Public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts).
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/CloseButton.css';
import { TRADE_IN_MAX_PHOTOS } from '@dealership/lead-schemas';
import type { ImageUploads } from '@dealership/media-web';
import { Button, CloseButton, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useRef } from 'react';

const PICKABLE = 'image/jpeg,image/png,image/webp,image/avif,image/heic';

/**
 * The buyer's photos of the car they trade in: picked from the phone's gallery or camera, resized
 * in the browser, sent one by one with a progress bar each, removable; at most six.
 */
export function TradeInPhotos({ uploads, error }: { uploads: ImageUploads; error?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const room = TRADE_IN_MAX_PHOTOS - uploads.items.length;
  return (
    <Stack gap="xs" role="group" aria-labelledby="trade-in-photos-label">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm" id="trade-in-photos-label">
          Photos of your car
        </Text>
        <Text size="xs" c="gray.7">
          Optional, up to {TRADE_IN_MAX_PHOTOS}: front, back, sides, the inside and the dashboard
        </Text>
      </Group>
      {uploads.items.length > 0 ? (
        <SimpleGrid cols={{ base: 3, xs: 6 }} spacing="xs">
          {uploads.items.map((item, index) => (
            <Paper key={item.key} withBorder radius="sm" p={4} pos="relative" aria-label={`Photo ${index + 1}`}>
              {item.previewUrl ? (
                <img
                  src={item.previewUrl}
                  alt={`Photo ${index + 1} of your car`}
                  width={96}
                  height={72}
                  style={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover' }}
                />
              ) : (
                <div style={{ aspectRatio: '4 / 3' }} />
              )}
              {item.status === 'failed' ? (
                <Text size="xs" c="red.8">
                  {item.error ?? 'Not sent'}
                </Text>
              ) : item.status === 'done' ? null : (
                <Progress value={Math.round(item.progress * 100)} size="sm" mt={4} aria-label={`Sending photo ${index + 1}`} />
              )}
              <CloseButton size="sm" pos="absolute" top={2} right={2} aria-label={`Remove photo ${index + 1}`} onClick={() => uploads.remove(item.key)} />
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={PICKABLE}
        multiple
        hidden
        aria-label="Choose photos of your car"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []).slice(0, Math.max(0, room));
          if (files.length > 0) uploads.add(files);
          event.currentTarget.value = '';
        }}
      />
      <Button variant="light" w="fit-content" onClick={() => input.current?.click()} disabled={room <= 0}>
        {uploads.items.length === 0 ? 'Add photos' : room > 0 ? 'Add more photos' : `${TRADE_IN_MAX_PHOTOS} photos added`}
      </Button>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
