import {
  BrandBySlugInputSchema,
  BrandCreateInputSchema,
  BrandRemoveImageInputSchema,
  BrandRemoveInputSchema,
  BrandUpdateInputSchema,
} from '@dealership/brand-schemas';
import { adminProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { BrandService } from './brand.service';

@Injectable()
export class BrandRouter {
  readonly router;

  constructor(brands: BrandService) {
    this.router = router({
      list: publicProcedure.query(() => brands.list()),
      bySlug: publicProcedure.input(BrandBySlugInputSchema).query(({ input }) => brands.bySlug(input.slug)),
      create: adminProcedure.input(BrandCreateInputSchema).mutation(({ input, ctx }) => brands.create(input, ctx.user)),
      update: adminProcedure.input(BrandUpdateInputSchema).mutation(({ input, ctx }) => brands.update(input, ctx.user)),
      remove: adminProcedure.input(BrandRemoveInputSchema).mutation(async ({ input, ctx }) => {
        await brands.remove(input.id, ctx.user);
        return { id: input.id };
      }),
      removeImage: adminProcedure.input(BrandRemoveImageInputSchema).mutation(({ input, ctx }) => brands.removeImage(input.brandId, input.publicId, ctx.user)),
    });
  }
}
