import { BrandBySlugInputSchema } from '@dealership/brand-schemas';
import { publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { BrandService } from './brand.service';

@Injectable()
export class BrandRouter {
  readonly router;

  constructor(brands: BrandService) {
    this.router = router({
      list: publicProcedure.query(() => brands.list()),
      bySlug: publicProcedure.input(BrandBySlugInputSchema).query(({ input }) => brands.bySlug(input.slug)),
    });
  }
}
