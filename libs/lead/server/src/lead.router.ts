import { ContentService } from '@dealership/content-server';
import { type LeadCreateInput, leadCreateInputSchemaFor, LeadListInputSchema, LeadSetStatusInputSchema } from '@dealership/lead-schemas';
import { adminProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { LeadService } from './lead.service';

@Injectable()
export class LeadRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(leads: LeadService, content: ContentService) {
    // The lead contract with test drives checked against the opening hours in force (the site
    // content's, which the staff edit): its issues are this input's, so a refusal names its field.
    const LeadCreateRequestSchema = z.custom<LeadCreateInput>().transform(async (raw, context) => {
      const parsed = await leadCreateInputSchemaFor(await content.openingHours()).safeParseAsync(raw);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: raw });
      return z.NEVER;
    });
    this.router = router({
      /** A buyer's request (the enquiry form of the car page and /contact); answers only its id. */
      create: publicProcedure.input(LeadCreateRequestSchema).mutation(({ input, ctx }) => leads.create(input, ctx.ip)),
      /** The staff's inbox. */
      list: adminProcedure.input(LeadListInputSchema).query(({ input }) => leads.list(input)),
      setStatus: adminProcedure.input(LeadSetStatusInputSchema).mutation(({ input, ctx }) => leads.setStatus(input, ctx.user)),
    });
  }
}
