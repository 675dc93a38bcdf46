import { IdSchema } from '@dealership/shared-schemas';
import {
  ImportBoardInputSchema,
  ImportDocumentRemoveInputSchema,
  ImportCardPayInputSchema,
  ImportCostsForChassisInputSchema,
  ImportDocumentShareInputSchema,
  ImportMpesaPayInputSchema,
  ImportMpesaPaymentInputSchema,
  ImportPaymentInputSchema,
  ImportPriceInputSchema,
  MilestoneRecordInputSchema,
  VehicleImportByIdInputSchema,
  VehicleImportOpenInputSchema,
  VehicleImportTrackInputSchema,
} from '@dealership/vehicle-import-schemas';
import { adminProcedure, authedProcedure, ownerProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { VehicleImportService } from './vehicle-import.service';

@Injectable()
export class VehicleImportRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(imports: VehicleImportService) {
    this.router = router({
      /** Staff: the board (imports by stage, overdue marked) and the report's figures. */
      board: adminProcedure.input(ImportBoardInputSchema).query(({ input }) => imports.board(input)),
      /** Staff: one import with its milestones, payments and arrival estimates. */
      byId: adminProcedure.input(VehicleImportByIdInputSchema).query(({ input }) => imports.byId(input.id)),
      /** Staff: the import opened from a lead, or null. */
      forLead: adminProcedure.input(z.object({ leadId: IdSchema })).query(({ input }) => imports.forLead(input.leadId)),
      /** Staff (owners and sales): open an import. */
      open: adminProcedure.input(VehicleImportOpenInputSchema).mutation(({ input, ctx }) => imports.open(input, ctx.user)),
      /** Staff (owners and sales): record or correct a milestone. */
      recordMilestone: adminProcedure.input(MilestoneRecordInputSchema).mutation(({ input, ctx }) => imports.recordMilestone(input, ctx.user)),
      /** Staff: a payment received towards an import. */
      recordPayment: adminProcedure.input(ImportPaymentInputSchema).mutation(({ input, ctx }) => imports.recordPayment(input, ctx.user)),
      /** Staff: show a paper on the buyer's tracking page, or stop showing it. */
      shareDocument: adminProcedure.input(ImportDocumentShareInputSchema).mutation(({ input, ctx }) => imports.shareDocument(input.documentId, input.sharedWithBuyer, ctx.user)),
      /** Staff: remove a paper. */
      removeDocument: adminProcedure.input(ImportDocumentRemoveInputSchema).mutation(({ input, ctx }) => imports.removeDocument(input.documentId, ctx.user)),
      /** Owners: the costs an import recorded for a stock car of that chassis number (the car's Costs section). */
      costsForChassis: ownerProcedure.input(ImportCostsForChassisInputSchema).query(({ input }) => imports.costsForChassis(input.chassisNumber)),
      /** Owners: change the agreed price and deposit. */
      setPrice: ownerProcedure.input(ImportPriceInputSchema).mutation(({ input, ctx }) => imports.setPrice(input, ctx.user)),
      /** Anyone with the buyer's signed link: the tracking page. */
      track: publicProcedure.input(VehicleImportTrackInputSchema).query(({ input }) => imports.track(input.token)),
      /** Anyone with the buyer's signed link: pay what is due by M-Pesa (a prompt on that phone). */
      payByMpesa: publicProcedure.input(ImportMpesaPayInputSchema).mutation(({ input }) => imports.payByMpesa(input.token, input.phone)),
      /** Anyone with the buyer's signed link: one of the import's M-Pesa requests, polled while the buyer enters their PIN. */
      mpesaPayment: publicProcedure.input(ImportMpesaPaymentInputSchema).query(({ input }) => imports.mpesaPayment(input.token, input.paymentId)),
      /** Anyone with the buyer's signed link: the card form's client token. */
      clientToken: publicProcedure.input(VehicleImportTrackInputSchema).query(({ input }) => imports.clientToken(input.token)),
      /** Anyone with the buyer's signed link: pay what is due by card (the Drop-in's nonce); the page as it is then. */
      payByCard: publicProcedure.input(ImportCardPayInputSchema).mutation(({ input }) => imports.payByCard(input.token, input.nonce)),
      /** A signed-in buyer's imports (My Orders). */
      mine: authedProcedure.query(({ ctx }) => imports.mine(ctx.user.id)),
    });
  }
}
