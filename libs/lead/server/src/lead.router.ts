import { ContentService } from '@dealership/content-server';
import {
  LeadAddNoteInputSchema,
  LeadAssignInputSchema,
  type LeadCreateInput,
  leadCreateInputSchemaFor,
  LeadFollowUpInputSchema,
  LeadIdInputSchema,
  LeadListInputSchema,
  LeadLogContactInputSchema,
  LeadSetStatusInputSchema,
  LeadWhatsAppReplyInputSchema,
} from '@dealership/lead-schemas';
import { adminProcedure, authedProcedure, ownerProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { LeadService } from './lead.service';
import { WhatsAppService } from './whatsapp/whatsapp.service';

@Injectable()
export class LeadRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(leads: LeadService, content: ContentService, whatsapp: WhatsAppService) {
    // The lead contract with test drives checked against the opening hours in force (the site
    // content's, which the staff edit): its issues are this input's, so a refusal names its field.
    const LeadCreateRequestSchema = z.custom<LeadCreateInput>().transform(async (raw, context) => {
      const parsed = await leadCreateInputSchemaFor(await content.openingHours()).safeParseAsync(raw);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: raw });
      return z.NEVER;
    });
    this.router = router({
      /** A buyer's request (the enquiry form of the car page and /contact); answers only its id. A signed-in buyer's is tied to their account. */
      create: publicProcedure.input(LeadCreateRequestSchema).mutation(({ input, ctx }) => leads.create(input, ctx.ip, ctx.user?.id, ctx.sourcePage)),
      /** The staff's inbox. */
      list: adminProcedure.input(LeadListInputSchema).query(({ input, ctx }) => leads.list(input, ctx.user.id)),
      setStatus: adminProcedure.input(LeadSetStatusInputSchema).mutation(({ input, ctx }) => leads.setStatus(input, ctx.user)),
      /** A lead's timeline: notes, status changes, calls and messages, reassignments, follow-ups. */
      timeline: adminProcedure.input(LeadIdInputSchema).query(({ input }) => leads.timeline(input.id)),
      addNote: adminProcedure.input(LeadAddNoteInputSchema).mutation(({ input, ctx }) => leads.addNote(input.id, input.body, ctx.user)),
      logContact: adminProcedure.input(LeadLogContactInputSchema).mutation(({ input, ctx }) => leads.logContact(input.id, input.channel, input.body, ctx.user)),
      /** A WhatsApp lead's conversation, and what may be sent now (text inside the 24-hour window, templates, quick replies). */
      whatsapp: adminProcedure.input(LeadIdInputSchema).query(({ input }) => whatsapp.conversation(input.id)),
      /** A reply on WhatsApp, through the outbox; the first is the lead's first response. */
      whatsappReply: adminProcedure.input(LeadWhatsAppReplyInputSchema).mutation(({ input, ctx }) => whatsapp.reply(input, ctx.user)),
      setFollowUp: adminProcedure.input(LeadFollowUpInputSchema).mutation(({ input, ctx }) => leads.setFollowUp(input.id, input.on, ctx.user)),
      /** Who leads can be given to. */
      assignees: adminProcedure.query(() => leads.assignees()),
      /** Owners give a lead to someone, or back to the pool. */
      assign: ownerProcedure.input(LeadAssignInputSchema).mutation(({ input, ctx }) => leads.assign(input.id, input.assigneeId, ctx.user)),
      /** The owner's figures of leads. */
      report: ownerProcedure.query(() => leads.report()),
      /** A signed-in buyer's own requests, with the status the staff set. */
      mine: authedProcedure.query(({ ctx }) => leads.mine(ctx.user.id)),
    });
  }
}
