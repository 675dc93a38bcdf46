import { ChecklistCreateInputSchema, InspectionRecordInputSchema } from './inspection.schemas';

describe('inspection contracts', () => {
  const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';

  it('default every point to a pass and keep only real notes', () => {
    const parsed = InspectionRecordInputSchema.parse({
      carId: id,
      checklistId: id,
      inspectedOn: '2026-12-01',
      inspector: ' Juma ',
      odometerKm: 80_000,
      results: [{ point: 4, status: 'attention', note: '  ' }],
    });
    expect(parsed).toMatchObject({ inspector: 'Juma', results: [{ point: 4, status: 'attention', note: undefined }], certificatePublic: false });
  });

  it('name the field of a bad reading or a checklist past its limits', () => {
    const base = { carId: id, checklistId: id, inspectedOn: '2026-12-01', inspector: 'Juma' };
    expect(InspectionRecordInputSchema.safeParse({ ...base, odometerKm: -1 }).error?.issues[0]).toMatchObject({
      path: ['odometerKm'],
      message: 'odometerKm must be 0 or more',
    });
    const tooMany = Array.from({ length: 6 }, (_, i) => ({ name: `Area ${i}`, points: Array.from({ length: 60 }, (_, j) => `Point ${j}`) }));
    expect(ChecklistCreateInputSchema.safeParse({ effectiveFrom: '2027-01-01', areas: tooMany }).error?.issues[0].message).toBe(
      'A checklist has at most 300 points',
    );
    // A point twice in an area would read as one on the report: named where it repeats.
    const twice = [{ name: 'Brakes', points: ['Pads', 'Discs', 'pads'] }];
    expect(ChecklistCreateInputSchema.safeParse({ effectiveFrom: '2027-01-01', areas: twice }).error?.issues[0]).toMatchObject({
      path: ['areas', 0, 'points', 2],
      message: '"pads" is in Brakes twice',
    });
  });
});
