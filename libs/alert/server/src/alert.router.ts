import { AlertRemoveInputSchema, AlertSaveSearchInputSchema, AlertTokenInputSchema, AlertWatchPricesInputSchema } from '@dealership/alert-schemas';
import { authedProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { AlertService } from './alert.service';

@Injectable()
export class AlertRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(alerts: AlertService) {
    this.router = router({
      /** Save a search of /cars: signed in, or with an email or phone (a confirmation link goes there first). */
      saveSearch: publicProcedure
        .input(AlertSaveSearchInputSchema)
        .mutation(({ input, ctx }) => alerts.saveSearch(input.filters, { userId: ctx.user?.id, contact: input.contact, ip: ctx.ip })),
      /** Watch cars' prices (the car page, the favourites): signed in, or with an email or phone. */
      watchPrices: publicProcedure
        .input(AlertWatchPricesInputSchema)
        .mutation(({ input, ctx }) => alerts.watchPrices(input.carIds, { userId: ctx.user?.id, contact: input.contact, ip: ctx.ip })),
      /** The confirmation link's one click. */
      confirm: publicProcedure.input(AlertTokenInputSchema).mutation(({ input }) => alerts.confirm(input.token)),
      /** What an unsubscribe link would end. */
      linkInfo: publicProcedure.input(AlertTokenInputSchema).query(({ input }) => alerts.linkInfo(input.token)),
      /** The unsubscribe link's one click: no sign-in, the link is signed. */
      unsubscribe: publicProcedure.input(AlertTokenInputSchema).mutation(({ input }) => alerts.unsubscribe(input.token)),
      /** A signed-in buyer's alerts. */
      mine: authedProcedure.query(({ ctx }) => alerts.mine(ctx.user.id)),
      /** Removes one of a signed-in buyer's alerts. */
      remove: authedProcedure.input(AlertRemoveInputSchema).mutation(({ input, ctx }) => alerts.remove(ctx.user.id, input.id)),
    });
  }
}
