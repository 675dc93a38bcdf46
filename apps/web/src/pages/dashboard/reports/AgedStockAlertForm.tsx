import { AGED_STOCK_DAYS } from '@dealership/car-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { AmountInput, notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * The owner's own aged-stock alert (issue 46), under Stock age: a weekly email of the cars in
 * stock for at least so many days, with what they cost; or off.
 */
export function AgedStockAlertForm() {
  const alert = trpc.car.agedStockAlert.useQuery();
  const save = trpc.car.setAgedStockAlert.useMutation();
  const utils = trpc.useUtils();
  // What the owner typed; until then, their alert's days (or the suggested 75).
  const [edited, setDays] = useState<number | '' | null>(null);
  const days = edited ?? alert.data?.days ?? AGED_STOCK_DAYS.suggested;
  const [error, setError] = useState<string | null>(null);

  const write = async (value: number | null, done: string) => {
    setError(null);
    try {
      await save.mutateAsync({ days: value });
    } catch (failure) {
      const { message, fieldErrors } = describeApiError(failure);
      if (fieldErrors['days']) setError(fieldErrors['days']);
      else notifyError(message);
      return;
    }
    notifySuccess(done);
    await utils.car.agedStockAlert.invalidate();
  };

  if (!alert.data) return null;
  const on = alert.data.days !== null;
  return (
    <form
      aria-label="Aged-stock alert"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void write(days === '' ? Number.NaN : days, 'Aged-stock alert saved');
      }}
    >
      <Stack gap="xs" mt="sm">
        <Text size="sm">{on ? `Every week you get the cars in stock for ${alert.data.days} days or more by email.` : 'No weekly email of aged stock.'}</Text>
        <Group align="flex-end" gap="sm">
          <AmountInput
            label="Email me weekly the cars in stock for at least (days)"
            separators={false}
            value={days}
            onChange={(value) => setDays(value ?? '')}
            error={error}
            w={{ base: '100%', sm: 300 }}
          />
          <Button type="submit" loading={save.isPending && save.variables?.days !== null}>
            {on ? 'Save alert' : 'Turn on'}
          </Button>
          {on ? (
            <Button variant="default" onClick={() => void write(null, 'Aged-stock alert turned off')}>
              Turn off
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
