import {
  ContentByIdInputSchema,
  ContentCreateInputSchema,
  ContentListInputSchema,
  ContentRemoveInputSchema,
  ContentUpdateInputSchema,
} from '@dealership/content-schemas';
import { adminProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { ContentService } from './content.service';

@Injectable()
export class ContentRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(contents: ContentService) {
    this.router = router({
      list: publicProcedure.input(ContentListInputSchema).query(({ input }) => contents.list(input)),
      byId: publicProcedure.input(ContentByIdInputSchema).query(({ input }) => contents.byId(input.id)),
      create: adminProcedure.input(ContentCreateInputSchema).mutation(({ input, ctx }) => contents.create(input, ctx.user)),
      update: adminProcedure.input(ContentUpdateInputSchema).mutation(({ input, ctx }) => contents.update(input, ctx.user)),
      remove: adminProcedure.input(ContentRemoveInputSchema).mutation(async ({ input, ctx }) => {
        await contents.remove(input.id, ctx.user);
        return { id: input.id };
      }),
    });
  }
}
