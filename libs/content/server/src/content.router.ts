import { SiteContentUpdateInputSchema } from '@dealership/content-schemas';
import { ownerProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { ContentService } from './content.service';

/** Who may edit the site content: the owner (issue 28). A change of role is this one line. */
const editorProcedure = ownerProcedure;

@Injectable()
export class ContentRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(contents: ContentService) {
    this.router = router({
      current: publicProcedure.query(() => contents.current()),
      update: editorProcedure.input(SiteContentUpdateInputSchema).mutation(({ input, ctx }) => contents.update(input, ctx.user)),
    });
  }
}
