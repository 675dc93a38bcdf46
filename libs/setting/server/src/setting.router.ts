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
      list: publicProcedure.input(SettingListInputSchema).query(({ input }) => settings.list(input)),
      byId: publicProcedure.input(SettingByIdInputSchema).query(({ input }) => settings.byId(input.id)),
      create: adminProcedure.input(SettingCreateInputSchema).mutation(({ input }) => settings.create(input)),
      update: adminProcedure.input(SettingUpdateInputSchema).mutation(({ input }) => settings.update(input)),
      remove: adminProcedure.input(SettingRemoveInputSchema).mutation(async ({ input }) => {
        await settings.remove(input.id);
        return { id: input.id };
      }),
    });
  }
}
