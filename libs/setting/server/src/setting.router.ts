import {
  SettingByIdInputSchema,
  SettingCreateInputSchema,
  SettingListInputSchema,
  SettingRemoveInputSchema,
  SettingUpdateInputSchema,
} from '@dealership/setting-schemas';
import { ownerProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { SettingService } from './setting.service';

@Injectable()
export class SettingRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(settings: SettingService) {
    this.router = router({
      /** The rates the duty estimator and the financing calculator use today. */
      current: publicProcedure.query(() => settings.current()),
      list: ownerProcedure.input(SettingListInputSchema).query(({ input }) => settings.list(input)),
      byId: ownerProcedure.input(SettingByIdInputSchema).query(({ input }) => settings.byId(input.id)),
      create: ownerProcedure.input(SettingCreateInputSchema).mutation(({ input, ctx }) => settings.create(input, ctx.user)),
      update: ownerProcedure.input(SettingUpdateInputSchema).mutation(({ input, ctx }) => settings.update(input, ctx.user)),
      remove: ownerProcedure.input(SettingRemoveInputSchema).mutation(async ({ input, ctx }) => {
        await settings.remove(input.id, ctx.user);
        return { id: input.id };
      }),
    });
  }
}
