import {
  ChecklistCreateInputSchema,
  ChecklistInForceInputSchema,
  InspectionByCarInputSchema,
  InspectionRecordInputSchema,
} from '@dealership/inspection-schemas';
import { adminProcedure, ownerProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { InspectionService } from './inspection.service';

@Injectable()
export class InspectionRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(inspections: InspectionService) {
    this.router = router({
      /** A car's report as buyers read it (null when it has none). */
      report: publicProcedure.input(InspectionByCarInputSchema).query(({ input }) => inspections.report(input.carId)),
      /** Staff: every car with its inspection's date and counts. */
      cars: adminProcedure.query(() => inspections.cars()),
      /** Staff: a car's inspection as recorded (null when it has none). */
      byCar: adminProcedure.input(InspectionByCarInputSchema).query(({ input }) => inspections.byCar(input.carId)),
      /** Staff: the checklist versions, newest first. */
      checklists: adminProcedure.query(() => inspections.checklists()),
      /** Staff: the checklist in force on a date (today by default), to fill a form over. */
      checklistInForce: adminProcedure.input(ChecklistInForceInputSchema).query(({ input }) => inspections.checklistInForce(input.on)),
      /** Owners: a new dated checklist version. */
      createChecklist: ownerProcedure.input(ChecklistCreateInputSchema).mutation(({ input, ctx }) => inspections.createChecklist(input, ctx.user)),
      /** Owners and sales: record (or replace) a car's inspection. */
      record: adminProcedure.input(InspectionRecordInputSchema).mutation(({ input, ctx }) => inspections.record(input, ctx.user)),
    });
  }
}
