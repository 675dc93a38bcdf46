import {
  MpesaPaymentInputSchema,
  ORDER_STATUSES,
  OrderListInputSchema,
  OrderPlaceInputSchema,
  OrderQuoteInputSchema,
  OrderSetStatusInputSchema,
  PayDepositInputSchema,
} from '@dealership/order-schemas';
import { adminProcedure, authedProcedure, ownerProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { CardPaymentService } from './card-payment.service';
import { MpesaDepositService } from './mpesa-deposit.service';
import { OrderService } from './order.service';

@Injectable()
export class OrderRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected services (TS2729).
  constructor(orders: OrderService, cards: CardPaymentService, deposits: MpesaDepositService) {
    this.router = router({
      /** The statuses an admin may choose from, in the legacy spelling. */
      statuses: publicProcedure.query(() => [...ORDER_STATUSES]),
      // Public: it shows only what the catalogue shows anyone (prices, Reserved / Sold), so /cart
      // can mark unavailable cars and total the rest for a guest before the login prompt.
      quote: publicProcedure.input(OrderQuoteInputSchema).query(({ input }) => orders.quote(input.carIds)),
      // Public: whether card and M-Pesa payments are configured, as /cart's quote says to anyone.
      paymentOptions: publicProcedure.query(() => orders.paymentOptions()),
      clientToken: authedProcedure.query(() => cards.clientToken()),
      place: authedProcedure.input(OrderPlaceInputSchema).mutation(({ input, ctx }) => orders.place(ctx.user.id, input, ctx.ip)),
      /** Asks M-Pesa to prompt the buyer's phone for a reservation's deposit. */
      payDeposit: authedProcedure.input(PayDepositInputSchema).mutation(({ input, ctx }) => deposits.payDeposit(ctx.user.id, input)),
      /** Where one of the buyer's M-Pesa requests stands (polled while the buyer enters their PIN). */
      mpesaPayment: authedProcedure.input(MpesaPaymentInputSchema).query(({ input, ctx }) => deposits.mpesaPayment(ctx.user.id, input.paymentId)),
      mine: authedProcedure.query(({ ctx }) => orders.mine(ctx.user.id)),
      all: adminProcedure.input(OrderListInputSchema).query(({ input }) => orders.list(input)),
      stats: adminProcedure.query(() => orders.stats()),
      /** The owner's figures: sales per month, reservations ended. */
      report: ownerProcedure.query(() => orders.report()),
      setStatus: adminProcedure.input(OrderSetStatusInputSchema).mutation(({ input, ctx }) => orders.setStatus(input, ctx.user)),
    });
  }
}
