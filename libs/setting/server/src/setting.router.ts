import {
  SettingByIdInputSchema,
  SettingCreateInputSchema,
  SettingListInputSchema,
  SettingRemoveInputSchema,
  SettingUpdateInputSchema,
} from '@dealership/setting-schemas';
import { adminProcedure, publicProcedure, router } from '@dealership/server-trpc';
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
      list: adminProcedure.input(SettingListInputSchema).query(({ input }) => settings.list(input)),
      byId: adminProcedure.input(SettingByIdInputSchema).query(({ input }) => settings.byId(input.id)),
      create: adminProcedure.input(SettingCreateInputSchema).mutation(({ input, ctx }) => settings.create(input, ctx.user)),
      update: adminProcedure.input(SettingUpdateInputSchema).mutation(({ input, ctx }) => settings.update(input, ctx.user)),
      remove: adminProcedure.input(SettingRemoveInputSchema).mutation(async ({ input, ctx }) => {
        await settings.remove(input.id, ctx.user);
        return { id: input.id };
      }),
    });
  }
}
