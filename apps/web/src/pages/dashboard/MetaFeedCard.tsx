import { META_VEHICLE_FEED_ROUTE } from '@dealership/car-schemas';
import { useSiteConfig } from '@dealership/web-ui';
import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';

/**
 * The address of the stock's ads catalogue (`/feeds/meta-vehicles.csv`, on the site's public
 * address), for the owner to give Meta Commerce Manager once: Meta fetches it on its schedule.
 */
export function MetaFeedCard() {
  const { publicUrl } = useSiteConfig();
  const address = `${publicUrl}/${META_VEHICLE_FEED_ROUTE}`;
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Facebook and Instagram ads
        </Title>
        <Text>Add this address as a data feed in Meta Commerce Manager: your stock appears in Facebook and Instagram ads.</Text>
        <Group align="flex-end" gap="sm">
          <TextInput label="Catalogue feed address" value={address} readOnly flex={1} miw={240} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined}>
                {copied ? 'Copied' : 'Copy address'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}
