import {
  TestimonialByIdInputSchema,
  TestimonialCreateInputSchema,
  TestimonialListInputSchema,
  TestimonialRemoveInputSchema,
  TestimonialUpdateInputSchema,
} from '@dealership/testimonial-schemas';
import { adminProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { TestimonialService } from './testimonial.service';

@Injectable()
export class TestimonialRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(testimonials: TestimonialService) {
    this.router = router({
      list: publicProcedure.input(TestimonialListInputSchema).query(({ input }) => testimonials.list(input)),
      byId: publicProcedure.input(TestimonialByIdInputSchema).query(({ input }) => testimonials.byId(input.id)),
      create: adminProcedure.input(TestimonialCreateInputSchema).mutation(({ input }) => testimonials.create(input)),
      update: adminProcedure.input(TestimonialUpdateInputSchema).mutation(({ input }) => testimonials.update(input)),
      remove: adminProcedure.input(TestimonialRemoveInputSchema).mutation(async ({ input }) => {
        await testimonials.remove(input.id);
        return { id: input.id };
      }),
    });
  }
}
