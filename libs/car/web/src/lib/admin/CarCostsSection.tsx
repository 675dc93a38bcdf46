import {
  CAR_COST_CURRENCIES,
  CAR_COST_KIND_LABELS,
  CAR_COST_KINDS,
  type CarCost,
  CarCostFieldsSchema,
  type CarCostCurrency,
  type CarCostKind,
} from '@dealership/car-schemas';
import { formatAmount } from '@dealership/shared-util';
import { describeApiError, useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { AmountInput, notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';

const KIND_OPTIONS = CAR_COST_KINDS.map((kind) => ({ value: kind, label: CAR_COST_KIND_LABELS[kind] }));
const CURRENCY_OPTIONS = CAR_COST_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const validateCost = schemaResolver(CarCostFieldsSchema, { sync: true });

type CostValues = { kind: CarCostKind; currency: CarCostCurrency; amount: number | ''; exchangeRate: number | ''; supplier: string; receipt: string };

const kes = (amount: number) => `KES ${formatAmount(amount)}`;
/** A line's amount as it was typed: shillings, or the purchase currency with the rate used. */
const asTyped = (cost: CarCost) => (cost.currency === 'KES' ? kes(cost.amountKes) : `${cost.currency} ${formatAmount(cost.amount)} at ${cost.exchangeRate}`);

/** The form's values as the contract reads them (an empty box is absent). */
const toFields = (values: CostValues) => ({
  kind: values.kind,
  currency: values.currency,
  amount: values.amount === '' ? Number.NaN : values.amount,
  exchangeRate: values.currency === 'KES' || values.exchangeRate === '' ? undefined : values.exchangeRate,
  supplier: values.supplier.trim() || undefined,
  receipt: values.receipt.trim() || undefined,
});

/** Add cost's form: kind, amount in shillings or in the purchase currency with its rate, supplier, receipt. */
function CostForm({ carId, onDone }: { carId: string; onDone: () => void }) {
  const utils = trpc.useUtils();
  const add = trpc.car.addCost.useMutation();
  const form = useForm<CostValues>({
    initialValues: { kind: 'purchase', currency: 'KES', amount: '', exchangeRate: '', supplier: '', receipt: '' },
    validate: (values) => validateCost(toFields(values) as never),
  });
  const foreign = form.values.currency !== 'KES';

  const save = async (values: CostValues) => {
    try {
      await add.mutateAsync({ carId, cost: toFields(values) });
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      const errors: FormErrors = {};
      for (const [field, text] of Object.entries(fieldErrors)) {
        const input = field.replace(/^cost\./, '');
        if (input in values) errors[input] ??= text;
      }
      if (Object.keys(errors).length > 0) form.setErrors(errors);
      else notifyError(message);
      return;
    }
    notifySuccess('Cost saved');
    onDone();
    await utils.car.costs.invalidate({ carId });
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void save(values))} aria-label="Add cost">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label="Kind" data={KIND_OPTIONS} allowDeselect={false} {...form.getInputProps('kind')} />
          <Select label="Currency" data={CURRENCY_OPTIONS} allowDeselect={false} {...form.getInputProps('currency')} />
          <AmountInput
            label={`Amount (${form.values.currency})`}
            required
            decimal={foreign}
            {...form.getInputProps('amount')}
            value={form.values.amount}
            onChange={(amount: number | undefined) => form.setFieldValue('amount', amount ?? '')}
          />
          {foreign ? (
            <AmountInput
              label={`Exchange rate (KES per ${form.values.currency})`}
              required
              decimal
              {...form.getInputProps('exchangeRate')}
              value={form.values.exchangeRate}
              onChange={(rate: number | undefined) => form.setFieldValue('exchangeRate', rate ?? '')}
            />
          ) : null}
          <TextInput label="Supplier" {...form.getInputProps('supplier')} />
          <TextInput label="Receipt" description="Its number or reference" {...form.getInputProps('receipt')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Save cost
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Costs (issue 46), on a car's back-office page, owners only (the server refuses anyone else):
 * what the car cost line by line, their total, and the margin at the asking price; Add cost.
 */
/**
 * What another domain adds to a car's Costs section (composed by the app: web domains do not import
 * each other): the costs an import of the same chassis number recorded, offered to add.
 */
export type CarCostsExtra = (car: { id: string; chassisNumber: string | null }) => ReactNode;

export function CarCostsSection({ carId, chassisNumber = null, extra }: { carId: string; chassisNumber?: string | null; extra?: CarCostsExtra }) {
  const owner = useAuth().session?.user.staffRole === 'owner';
  const costs = trpc.car.costs.useQuery({ carId }, { enabled: owner });
  const remove = trpc.car.removeCost.useMutation();
  const utils = trpc.useUtils();
  const [adding, setAdding] = useState(false);
  if (!owner) return null;

  const removeLine = async (cost: CarCost) => {
    try {
      await remove.mutateAsync({ id: cost.id });
      notifySuccess('Cost removed');
    } catch (error) {
      notifyError(describeApiError(error).message);
    }
    await utils.car.costs.invalidate({ carId });
  };

  const data = costs.data;
  return (
    <Paper component="section" aria-labelledby="car-costs" withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="car-costs">
            Costs
          </Title>
          {adding ? null : <Button onClick={() => setAdding(true)}>Add cost</Button>}
        </Group>
        <Text size="sm" c="dimmed">
          Seen by owners only: never on the public pages.
        </Text>
        {adding ? <CostForm carId={carId} onDone={() => setAdding(false)} /> : null}
        {extra ? extra({ id: carId, chassisNumber }) : null}
        {data && data.items.length === 0 ? <Text c="dimmed">No costs recorded yet.</Text> : null}
        {data && data.items.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Costs of the car">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>KES</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((cost) => (
                  <Table.Tr key={cost.id}>
                    <Table.Td>{CAR_COST_KIND_LABELS[cost.kind]}</Table.Td>
                    <Table.Td>{asTyped(cost)}</Table.Td>
                    <Table.Td>{kes(cost.amountKes)}</Table.Td>
                    <Table.Td>{cost.supplier ?? '—'}</Table.Td>
                    <Table.Td>{cost.receipt ?? '—'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={remove.isPending && remove.variables?.id === cost.id}
                        onClick={() => void removeLine(cost)}
                        aria-label={`Remove the ${CAR_COST_KIND_LABELS[cost.kind].toLowerCase()} cost of ${kes(cost.amountKes)}`}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {data ? (
          <Group gap="xl">
            <Text>
              Total costs: <strong>{kes(data.totalKes)}</strong>
            </Text>
            <Text>
              Margin at the asking price ({kes(data.priceKes)}):{' '}
              <Text span fw={700} c={data.marginKes < 0 ? 'red.8' : 'teal.9'}>
                {data.marginKes < 0 ? '−' : ''}
                {kes(Math.abs(data.marginKes))}
              </Text>
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
