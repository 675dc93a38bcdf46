import type { VehicleImport } from '@dealership/vehicle-import-schemas';
import { callsOf, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminImportPage } from './AdminImport.page';

const id = '00000000-0000-4000-9200-000000000001';
const fielder: VehicleImport = {
  id,
  reference: 'IMP-00001',
  leadId: null,
  buyerUserId: null,
  buyerName: 'Amina W.',
  buyerPhone: '+254712345678',
  buyerEmail: 'amina@mail.co.ke',
  make: 'Toyota',
  model: 'Fielder',
  yearOfManufacture: 2024,
  yearOfFirstRegistration: 2024,
  chassisNumber: 'NZE161-3012345',
  auctionHouse: 'USS Tokyo',
  auctionLot: '4411',
  auctionGrade: '4.5',
  rightHandDrive: true,
  exportCertificateKm: 41_000,
  purchaseCurrency: 'JPY',
  purchasePrice: 1_200_000,
  exchangeRate: 0.87,
  agreedPriceKes: 2_100_000,
  depositKes: 500_000,
  paidKes: 500_000,
  expectedArrival: '2027-01-20',
  arrivalEstimates: [{ estimatedArrival: '2027-01-20', recordedAt: '2026-11-20T07:00:00.000Z' }],
  staffNote: null,
  milestones: (['bought', 'paid-to-supplier', 'export-certificate'] as const).map((milestone) => ({
    milestone,
    occurredOn: '2026-11-25',
    fields: {},
    staffNote: null,
    recordedBy: 'Salim',
    recordedAt: '2026-11-25T07:00:00.000Z',
    correctedAt: null,
  })),
  payments: [],
  documents: [],
  stage: 'export-certificate',
  trackingUrl: 'https://cars.example/imports/track/abc',
  warnings: [],
  dutyRatesOnDutyPaid: null,
  createdAt: '2026-11-20T07:00:00.000Z',
  updatedAt: '2026-11-25T07:00:00.000Z',
};

function renderImport(answer: FakeApi = () => ({ data: fielder })) {
  const calls: FakeCall[] = [];
  const api: FakeApi = (procedure, input) => (procedure === 'vehicleImport.byId' ? { data: fielder } : answer(procedure, input));
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminImportPage />
    </TestTrpcProvider>,
    { route: `/dashboard/admin/imports/${id}`, path: '/dashboard/admin/imports/:id' },
  );
  return calls;
}

/** Types into the dialog's text input whose name starts with `label`. */
const typer = (dialog: HTMLElement) => (label: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });

const SHIPPED_FIELDS = ['Vessel', 'Voyage', 'Bill of lading number', 'Port of loading', 'Estimated arrival'];

async function openShippedForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Record milestone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record milestone' });
  // The next milestone after the stage is the default.
  expect(within(dialog).getByRole('combobox', { name: 'Milestone' })).toHaveValue('Pre-shipment inspection');
  expect(within(dialog).queryByRole('textbox', { name: /^Vessel/ })).not.toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('combobox', { name: 'Milestone' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Shipped' }));
  return dialog;
}

describe('AdminImportPage milestone form', () => {
  it("shows Shipped's five fields and sends what was typed", async () => {
    const calls = renderImport();
    expect(await screen.findByRole('heading', { name: 'IMP-00001 · 2024 Toyota Fielder' })).toBeInTheDocument();
    const dialog = await openShippedForm();
    for (const label of SHIPPED_FIELDS) expect(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    const type = typer(dialog);
    type('Date', '2026-12-01');
    type('Vessel', 'MV Hoegh Trigger');
    type('Voyage', '112E');
    type('Bill of lading number', 'HOEG-7788');
    type('Port of loading', 'Yokohama');
    type('Estimated arrival', '2027-01-12');
    type('Staff note', 'Exporter owes us a discount');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save milestone' }));

    expect(await screen.findByText('Shipped recorded')).toBeInTheDocument();
    expect(callsOf(calls, 'vehicleImport.recordMilestone').map((call) => call.input)).toEqual([
      {
        importId: id,
        milestone: 'shipped',
        occurredOn: '2026-12-01',
        fields: { vessel: 'MV Hoegh Trigger', voyage: '112E', billOfLading: 'HOEG-7788', portOfLoading: 'Yokohama', estimatedArrival: '2027-01-12' },
        staffNote: 'Exporter owes us a discount',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record milestone' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal on the field it names", async () => {
    const calls = renderImport((procedure) =>
      procedure === 'vehicleImport.recordMilestone'
        ? {
            error: {
              code: 'BAD_REQUEST',
              message: 'Vessel must be at most 120 characters',
              fieldErrors: { fields: ['Vessel must be at most 120 characters'] },
            },
          }
        : { data: fielder },
    );
    const dialog = await openShippedForm();
    const type = typer(dialog);
    type('Vessel', 'MV Hoegh Trigger');
    type('Bill of lading number', 'HOEG-7788');
    type('Port of loading', 'Yokohama');
    type('Estimated arrival', '2027-01-12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save milestone' }));

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Vessel/ })).toHaveAccessibleDescription('Vessel must be at most 120 characters'));
    expect(callsOf(calls, 'vehicleImport.recordMilestone')).toHaveLength(1);
  });
});
