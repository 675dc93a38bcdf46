import { adminProcedure, authedProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { TradeInOfferCreateInputSchema, TradeInOfferForLeadInputSchema, TradeInOfferTokenInputSchema } from '@dealership/trade-in-offer-schemas';
import { Injectable } from '@nestjs/common';
import { TradeInOfferService } from './trade-in-offer.service';
import { TradeInCredits } from './trade-in-credits';

@Injectable()
export class TradeInOfferRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(offers: TradeInOfferService, credits: TradeInCredits) {
    this.router = router({
      /** Staff (owners and sales): make an offer and send it to the buyer. */
      make: adminProcedure.input(TradeInOfferCreateInputSchema).mutation(({ input, ctx }) => offers.make(input, ctx.user)),
      /** Staff: a trade-in request's offers, newest first. */
      forLead: adminProcedure.input(TradeInOfferForLeadInputSchema).query(({ input }) => offers.forLead(input.leadId)),
      /** The buyer's page, with the link's token. */
      view: publicProcedure.input(TradeInOfferTokenInputSchema).query(({ input }) => offers.view(input.token)),
      /** Accepted with the link; signed in, the offer is the account's too (credit at checkout). */
      accept: publicProcedure.input(TradeInOfferTokenInputSchema).mutation(({ input, ctx }) => offers.answer(input.token, 'accepted', new Date(), ctx.user?.id)),
      /** The signed-in buyer's accepted offers usable at checkout (/cart's "Trade-in credit"). */
      mine: authedProcedure.query(({ ctx }) => credits.available(ctx.user.id)),
      decline: publicProcedure.input(TradeInOfferTokenInputSchema).mutation(({ input }) => offers.answer(input.token, 'declined')),
    });
  }
}
