import { ORDER_STATUSES, OrderSetStatusInputSchema } from '@dealership/order-schemas';
import { adminProcedure, authedProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { OrderService } from './order.service';

@Injectable()
export class OrderRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(orders: OrderService) {
    this.router = router({
      /** The statuses an admin may choose from, in the legacy spelling. */
      statuses: publicProcedure.query(() => [...ORDER_STATUSES]),
      mine: authedProcedure.query(({ ctx }) => orders.mine(ctx.user.id)),
      all: adminProcedure.query(() => orders.all()),
      stats: adminProcedure.query(() => orders.stats()),
      setStatus: adminProcedure.input(OrderSetStatusInputSchema).mutation(({ input, ctx }) => orders.setStatus(input, ctx.user)),
    });
  }
}
