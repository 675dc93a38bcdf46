import { LeadCreateInputSchema, LeadListInputSchema, LeadSetStatusInputSchema } from '@dealership/lead-schemas';
import { adminProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { LeadService } from './lead.service';

@Injectable()
export class LeadRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(leads: LeadService) {
    this.router = router({
      /** A buyer's request (the enquiry form of the car page and /contact); answers only its id. */
      create: publicProcedure.input(LeadCreateInputSchema).mutation(({ input, ctx }) => leads.create(input, ctx.ip)),
      /** The staff's inbox. */
      list: adminProcedure.input(LeadListInputSchema).query(({ input }) => leads.list(input)),
      setStatus: adminProcedure.input(LeadSetStatusInputSchema).mutation(({ input, ctx }) => leads.setStatus(input, ctx.user)),
    });
  }
}
