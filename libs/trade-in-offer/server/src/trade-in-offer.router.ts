import { adminProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { TradeInOfferCreateInputSchema, TradeInOfferForLeadInputSchema, TradeInOfferTokenInputSchema } from '@dealership/trade-in-offer-schemas';
import { Injectable } from '@nestjs/common';
import { TradeInOfferService } from './trade-in-offer.service';

@Injectable()
export class TradeInOfferRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(offers: TradeInOfferService) {
    this.router = router({
      /** Staff (owners and sales): make an offer and send it to the buyer. */
      make: adminProcedure.input(TradeInOfferCreateInputSchema).mutation(({ input, ctx }) => offers.make(input, ctx.user)),
      /** Staff: a trade-in request's offers, newest first. */
      forLead: adminProcedure.input(TradeInOfferForLeadInputSchema).query(({ input }) => offers.forLead(input.leadId)),
      /** The buyer's page, with the link's token. */
      view: publicProcedure.input(TradeInOfferTokenInputSchema).query(({ input }) => offers.view(input.token)),
      accept: publicProcedure.input(TradeInOfferTokenInputSchema).mutation(({ input }) => offers.answer(input.token, 'accepted')),
      decline: publicProcedure.input(TradeInOfferTokenInputSchema).mutation(({ input }) => offers.answer(input.token, 'declined')),
    });
  }
}
