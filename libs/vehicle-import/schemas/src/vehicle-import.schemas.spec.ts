import { MilestoneRecordInputSchema, VehicleImportOpenInputSchema } from './vehicle-import.schemas';

const open = {
  buyerName: 'Amina Buyer',
  buyerPhone: '0712 345 678',
  make: 'Toyota',
  model: 'Fielder',
  yearOfManufacture: 2020,
  yearOfFirstRegistration: 2020,
  chassisNumber: 'nze161 3012345',
  agreedPriceKes: 2_100_000,
};
const importId = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';

describe('vehicle import contracts', () => {
  it('opens with the buyer and the car, refusing a left-hand-drive car and a deposit over the price, naming the field', () => {
    expect(VehicleImportOpenInputSchema.parse(open)).toMatchObject({ buyerPhone: '+254712345678', chassisNumber: 'NZE1613012345', rightHandDrive: true, depositKes: 0, purchaseCurrency: 'JPY' });
    const refused = (change: object) => VehicleImportOpenInputSchema.safeParse({ ...open, ...change }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(refused({ rightHandDrive: false })).toEqual([['rightHandDrive', 'Kenya registers only right-hand-drive cars: a left-hand-drive car cannot be imported']]);
    expect(refused({ depositKes: 3_000_000 })).toEqual([['depositKes', 'The deposit cannot be more than the agreed price']]);
    expect(refused({ chassisNumber: 'NZE/161' })?.[0][0]).toBe('chassisNumber');
  });

  it("takes each milestone's own fields: Shipped needs its vessel, bill of lading, port and arrival date", () => {
    const shipped = { importId, milestone: 'shipped', occurredOn: '2026-12-01' };
    const fields = { vessel: 'Morning Celesta', voyage: '112A', billOfLading: 'MOLU1234567', portOfLoading: 'Yokohama', estimatedArrival: '2027-01-10' };
    expect(MilestoneRecordInputSchema.parse({ ...shipped, fields })).toMatchObject({ fields });
    const issues = MilestoneRecordInputSchema.safeParse({ ...shipped, fields: { ...fields, vessel: ' ', estimatedArrival: '10/01/2027' } }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['fields.vessel', 'Vessel is required'],
      ['fields.estimatedArrival', 'Estimated arrival must be a date (YYYY-MM-DD)'],
    ]);
    expect(MilestoneRecordInputSchema.safeParse({ ...shipped, milestone: 'sunk', fields }).error?.issues[0].path).toEqual(['milestone']);
  });
});
