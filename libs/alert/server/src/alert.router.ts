import { AlertByIdInputSchema, AlertCreateInputSchema, AlertListInputSchema, AlertRemoveInputSchema, AlertUpdateInputSchema } from '@dealership/alert-schemas';
import { adminProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { AlertService } from './alert.service';

@Injectable()
export class AlertRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(alerts: AlertService) {
    this.router = router({
      list: adminProcedure.input(AlertListInputSchema).query(({ input }) => alerts.list(input)),
      byId: adminProcedure.input(AlertByIdInputSchema).query(({ input }) => alerts.byId(input.id)),
      create: adminProcedure.input(AlertCreateInputSchema).mutation(({ input, ctx }) => alerts.create(input, ctx.user)),
      update: adminProcedure.input(AlertUpdateInputSchema).mutation(({ input, ctx }) => alerts.update(input, ctx.user)),
      remove: adminProcedure.input(AlertRemoveInputSchema).mutation(async ({ input, ctx }) => {
        await alerts.remove(input.id, ctx.user);
        return { id: input.id };
      }),
    });
  }
}
