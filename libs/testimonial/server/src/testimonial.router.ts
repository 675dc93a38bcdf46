import {
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
      /** /testimonials: the published ones. */
      list: publicProcedure.input(TestimonialListInputSchema).query(({ input }) => testimonials.published(input)),
      /** The back office: every one, published or not. */
      manage: adminProcedure.input(TestimonialListInputSchema).query(({ input }) => testimonials.manage(input)),
      create: adminProcedure.input(TestimonialCreateInputSchema).mutation(({ input, ctx }) => testimonials.create(input, ctx.user)),
      update: adminProcedure.input(TestimonialUpdateInputSchema).mutation(({ input, ctx }) => testimonials.update(input, ctx.user)),
      remove: adminProcedure.input(TestimonialRemoveInputSchema).mutation(async ({ input, ctx }) => {
        await testimonials.remove(input.id, ctx.user);
        return { id: input.id };
      }),
    });
  }
}
