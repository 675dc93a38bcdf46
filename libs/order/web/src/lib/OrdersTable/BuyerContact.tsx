import type { Order } from '@dealership/order-schemas';
import { SITE_NAME, telHref, whatsappHref } from '@dealership/web-ui';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { orderNumber } from '../format/order-format';

/** The buyer's phone (a call link and a WhatsApp link) and address, as they were when the order was placed. */
export function BuyerContact({ order }: { order: Order }) {
  const { phone, address } = order.contact;
  const name = order.contact.name ?? order.buyer?.name;
  const greeting = `Hello${name ? ` ${name}` : ''}, this is ${SITE_NAME} about your order ${orderNumber(order)}.`;
  return (
    <Stack gap={2}>
      {phone ? (
        <Group gap="xs" wrap="wrap">
          <Anchor href={telHref(phone)} size="sm" fw={600} aria-label={`Call ${phone}`}>
            {phone}
          </Anchor>
          <Anchor href={whatsappHref(phone, greeting)} target="_blank" rel="noopener noreferrer" size="sm" c="teal.9" aria-label={`WhatsApp ${phone}`}>
            WhatsApp
          </Anchor>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No phone on record
        </Text>
      )}
      <Text size="xs" c="gray.7">
        {address ?? 'No address on record'}
      </Text>
    </Stack>
  );
}
