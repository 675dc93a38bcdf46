import { CAR_COST_KIND_LABELS } from '@dealership/car-schemas';
import { formatAmount } from '@dealership/shared-util';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Alert, Button, List, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * In a car's Costs section (owners): the costs the import of the same chassis number recorded (the
 * purchase at the rate used, the duty and the other charges of KRA's entry), added to the car's
 * costs with one tap, each as a cost line of its own (audited as any). Nothing when no import has
 * that chassis number.
 */
export function ImportCostSuggestions({ carId, chassisNumber }: { carId: string; chassisNumber: string }) {
  const utils = trpc.useUtils();
  const suggestions = trpc.vehicleImport.costsForChassis.useQuery({ chassisNumber }, { retry: false });
  const recorded = trpc.car.costs.useQuery({ carId });
  const addCost = trpc.car.addCost.useMutation();
  const [added, setAdded] = useState(false);
  const found = suggestions.data;
  // Lines already on the car (the same kind, amount and receipt) are not offered again.
  const missing = found?.costs.filter((cost) => !recorded.data?.items.some((line) => line.kind === cost.kind && line.amount === cost.amount && line.receipt === (cost.receipt ?? null))) ?? [];
  if (!found || !recorded.data || (missing.length === 0 && !added)) return null;

  const addAll = async () => {
    try {
      for (const cost of missing) await addCost.mutateAsync({ carId, cost });
      setAdded(true);
      notifySuccess(`Costs of import ${found.reference} added`);
    } catch (error) {
      notifyError(describeApiError(error).message);
    }
    await utils.car.costs.invalidate({ carId });
  };

  return (
    <Alert variant="light" color="blue" title={`Costs from import ${found.reference}`}>
      <List size="sm" mb="sm">
        {(added ? found.costs : missing).map((cost) => (
          <List.Item key={cost.kind}>
            {`${CAR_COST_KIND_LABELS[cost.kind]}: ${cost.currency} ${formatAmount(cost.amount)}${cost.exchangeRate ? ` at ${cost.exchangeRate}` : ''}${cost.receipt ? ` (${cost.receipt})` : ''}`}
          </List.Item>
        ))}
      </List>
      {added ? (
        <Text size="sm" fw={600}>
          Added to the car's costs.
        </Text>
      ) : (
        <Button size="compact-md" onClick={() => void addAll()} loading={addCost.isPending}>
          Add these costs
        </Button>
      )}
    </Alert>
  );
}
