import { LeadByIdInputSchema, LeadCreateInputSchema, LeadListInputSchema, LeadRemoveInputSchema, LeadUpdateInputSchema } from '@dealership/lead-schemas';
import { adminProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { LeadService } from './lead.service';

@Injectable()
export class LeadRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(leads: LeadService) {
    this.router = router({
      list: adminProcedure.input(LeadListInputSchema).query(({ input }) => leads.list(input)),
      byId: adminProcedure.input(LeadByIdInputSchema).query(({ input }) => leads.byId(input.id)),
      create: adminProcedure.input(LeadCreateInputSchema).mutation(({ input }) => leads.create(input)),
      update: adminProcedure.input(LeadUpdateInputSchema).mutation(({ input }) => leads.update(input)),
      remove: adminProcedure.input(LeadRemoveInputSchema).mutation(async ({ input }) => {
        await leads.remove(input.id);
        return { id: input.id };
      }),
    });
  }
}
