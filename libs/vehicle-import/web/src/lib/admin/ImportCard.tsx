import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import type { ImportCard as ImportCardData } from '@dealership/vehicle-import-schemas';
import { telHref } from '@dealership/web-ui';
import { Anchor, Badge, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { carName, formatDay } from './import-words';

/** One import on the board: who, which car, when it lands, what is paid, and why it is late. */
export function ImportCard({ card }: { card: ImportCardData }) {
  const car = carName({ year: card.yearOfManufacture, make: card.make, model: card.model });
  return (
    <Paper component="article" aria-label={`${card.reference} ${car}`} withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Anchor component={Link} to={sitePath('adminImport', { id: card.id })} fw={700}>
          {card.reference}
        </Anchor>
        <Text fw={600} size="sm">
          {car}
        </Text>
        <Text size="sm">
          {card.buyerName} ·{' '}
          <Anchor href={telHref(card.buyerPhone)} size="sm">
            {card.buyerPhone}
          </Anchor>
        </Text>
        <Text size="sm" c="gray.7">
          Expected {formatDay(card.expectedArrival)}
        </Text>
        <Text size="sm">
          Paid {formatKes(card.paidKes)} of {formatKes(card.agreedPriceKes)}
        </Text>
        {card.overdue ? (
          <Stack gap={2} align="flex-start">
            <Badge color="red" variant="filled">
              Overdue
            </Badge>
            <Text size="xs" c="red.8">
              {card.overdue}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
