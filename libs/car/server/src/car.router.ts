import { CarBySlugInputSchema, CarListInputSchema, CarRelatedInputSchema } from '@dealership/car-schemas';
import { publicProcedure, router } from '@dealership/server-trpc';
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
      related: publicProcedure.input(CarRelatedInputSchema).query(({ input }) => cars.related(input.carId, input.brandId)),
    });
  }
}
