import { callsOf, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ImportCostSuggestions } from './ImportCostSuggestions';

const carId = '00000000-0000-4000-9300-000000000001';
const found = {
  importId: '00000000-0000-4000-9300-000000000002',
  reference: 'IMP-00012',
  costs: [
    { kind: 'purchase', currency: 'JPY', amount: 1_200_000, exchangeRate: 0.87, supplier: 'USS Tokyo', receipt: 'IMP-00012' },
    { kind: 'duty', currency: 'KES', amount: 480_000, supplier: 'KRA', receipt: '2026MSA7654321' },
  ],
};

function renderSuggestions(answer: unknown, recorded: unknown[] = []) {
  const calls: FakeCall[] = [];
  const api: FakeApi = (procedure) =>
    procedure === 'vehicleImport.costsForChassis'
      ? { data: answer }
      : procedure === 'car.costs'
        ? { data: { items: recorded, totalKes: 0, askingPriceKes: 1_900_000, marginKes: 1_900_000 } }
        : { data: { id: carId } };
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <ImportCostSuggestions carId={carId} chassisNumber="ZRE212-0099887" />
    </TestTrpcProvider>,
  );
  return { calls };
}

describe("ImportCostSuggestions (a car's Costs section)", () => {
  it("lists the import's costs and adds each as a cost line of the car", async () => {
    const { calls } = renderSuggestions(found);
    expect(await screen.findByText('Costs from import IMP-00012')).toBeInTheDocument();
    expect(screen.getByText('Purchase: JPY 1,200,000 at 0.87 (IMP-00012)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add these costs' }));
    expect(await screen.findByText("Added to the car's costs.")).toBeInTheDocument();
    expect(callsOf(calls, 'vehicleImport.costsForChassis')[0].input).toEqual({ chassisNumber: 'ZRE212-0099887' });
    expect(callsOf(calls, 'car.addCost').map((call) => call.input)).toEqual(found.costs.map((cost) => ({ carId, cost })));
  });

  it('says nothing when no import has the chassis number', async () => {
    const { calls } = renderSuggestions(null);
    await waitFor(() => expect(callsOf(calls, 'vehicleImport.costsForChassis')).toHaveLength(1));
    expect(screen.queryByText(/Costs from import/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add these costs' })).toBeNull();
  });

  it('offers only the lines the car does not have yet', async () => {
    const purchase = { id: carId, kind: 'purchase', currency: 'JPY', amount: 1_200_000, exchangeRate: 0.87, amountKes: 1_044_000, supplier: 'USS Tokyo', receipt: 'IMP-00012', createdAt: '2026-12-06T07:00:00.000Z' };
    const { calls } = renderSuggestions(found, [purchase]);
    expect(await screen.findByText('Duty: KES 480,000 (2026MSA7654321)')).toBeInTheDocument();
    expect(screen.queryByText(/^Purchase:/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add these costs' }));
    expect(await screen.findByText("Added to the car's costs.")).toBeInTheDocument();
    expect(callsOf(calls, 'car.addCost').map((call) => call.input)).toEqual([{ carId, cost: found.costs[1] }]);
  });
});
