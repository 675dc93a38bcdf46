import {
  CarBySlugInputSchema,
  CarCompareInputSchema,
  CarCreateInputSchema,
  CarListInputSchema,
  CarManageInputSchema,
  CarRelatedInputSchema,
  CarRemoveImageInputSchema,
  CarRemoveInputSchema,
  CarUpdateInputSchema,
} from '@dealership/car-schemas';
import { adminProcedure, ownerProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { CarService } from './car.service';

@Injectable()
export class CarRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(cars: CarService) {
    this.router = router({
      list: publicProcedure.input(CarListInputSchema).query(({ input }) => cars.list(input)),
      latest: publicProcedure.query(() => cars.latest()),
      featured: publicProcedure.query(() => cars.featured()),
      bySlug: publicProcedure.input(CarBySlugInputSchema).query(({ input }) => cars.bySlug(input.slug)),
      /** /compare: the cars of these slugs that exist, in the order asked (sold ones too, marked). */
      compare: publicProcedure.input(CarCompareInputSchema).query(({ input }) => cars.bySlugs(input.slugs)),
      related: publicProcedure.input(CarRelatedInputSchema).query(({ input }) => cars.related(input.carId, input.brandId)),
      manage: adminProcedure.input(CarManageInputSchema).query(({ input }) => cars.manage(input)),
      stats: adminProcedure.query(() => cars.stats()),
      /** The owner's stock age report. */
      stockAge: ownerProcedure.query(() => cars.stockAge()),
      create: adminProcedure.input(CarCreateInputSchema).mutation(({ input, ctx }) => cars.create(input, ctx.user)),
      update: adminProcedure.input(CarUpdateInputSchema).mutation(({ input, ctx }) => cars.update(input, ctx.user)),
      remove: adminProcedure.input(CarRemoveInputSchema).mutation(async ({ input, ctx }) => {
        await cars.remove(input.id, ctx.user);
        return { id: input.id };
      }),
      removeImage: adminProcedure.input(CarRemoveImageInputSchema).mutation(({ input, ctx }) => cars.removeImage(input.carId, input.publicId, ctx.user)),
    });
  }
}
