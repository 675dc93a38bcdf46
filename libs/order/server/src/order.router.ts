import { ORDER_STATUSES } from '@dealership/order-schemas';
import { publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';

@Injectable()
export class OrderRouter {
  readonly router = router({
    /** The statuses an admin may choose from, in the legacy spelling. */
    statuses: publicProcedure.query(() => [...ORDER_STATUSES]),
  });
}
