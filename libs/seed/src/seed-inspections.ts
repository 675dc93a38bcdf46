import { carInspections, inspectionChecklists } from '@dealership/inspection-data';
import type { Database } from '@dealership/server-db';
import { desc } from 'drizzle-orm';

/** A demo car as the inspections need it: its id, the km it shows and whether it was imported. */
export interface InspectedCar {
  id: string;
  mileage: number;
  condition: string;
}

/** Points of the seeded checklist the demo flags (migration 0047_inspection): front and rear brake pads, "Car tracks straight". */
const FLAGGED = [
  { point: 55, status: 'attention' as const, note: 'Front pads at 30%: replaced before handover' },
  { point: 59, status: 'attention' as const, note: 'Brake fluid due for a change' },
  { point: 140, status: 'attention' as const, note: 'Slight pull to the left: wheel alignment booked' },
];

/**
 * Inspections for the first demo cars (a newcomer sees the report after `npm start`): the first
 * with three points that need attention, the others clean; imports carry an auction grade and
 * their export certificate's mileage, a little below the odometer.
 */
export async function seedDemoInspections(tx: Pick<Database, 'select' | 'insert'>, cars: readonly InspectedCar[], now: Date): Promise<void> {
  const [checklist] = await tx.select().from(inspectionChecklists).orderBy(desc(inspectionChecklists.effectiveFrom)).limit(1);
  if (!checklist) return;
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const rows = cars.slice(0, 4).map((car, i) => {
    const results = i === 0 ? FLAGGED : [];
    const imported = car.condition === 'Foreign Used';
    return {
      carId: car.id,
      checklistId: checklist.id,
      inspectedOn: day(3 + i * 4),
      inspector: 'Juma Otieno',
      odometerKm: car.mileage,
      passed: checklist.pointCount - results.length,
      attention: results.length,
      failed: 0,
      results,
      auctionGrade: imported ? (i === 0 ? '4.5' : '4') : null,
      auctionInteriorGrade: imported ? 'B' : null,
      exportCertificateKm: imported ? Math.max(0, car.mileage - 1_200) : null,
    };
  });
  if (rows.length > 0) await tx.insert(carInspections).values(rows);
}
