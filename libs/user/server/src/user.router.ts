import { authedProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { LoginInputSchema, ProfileUpdateInputSchema, RegisterInputSchema } from '@dealership/user-schemas';
import { Injectable } from '@nestjs/common';
import { UserService } from './user.service';

@Injectable()
export class UserRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(users: UserService) {
    this.router = router({
      register: publicProcedure.input(RegisterInputSchema).mutation(({ input, ctx }) => users.register(input, ctx.ip)),
      login: publicProcedure.input(LoginInputSchema).mutation(({ input, ctx }) => users.login(input, ctx.ip)),
      /** Ends the session of the calling token. */
      logout: authedProcedure.mutation(async ({ ctx }) => {
        await users.logout(ctx.user);
        return { ok: true as const };
      }),
      /** Ends every session of the caller, on every device, this one included. */
      logoutAll: authedProcedure.mutation(async ({ ctx }) => {
        await users.logoutEverywhere(ctx.user);
        return { ok: true as const };
      }),
      me: authedProcedure.query(({ ctx }) => users.me(ctx.user.id)),
      updateProfile: authedProcedure.input(ProfileUpdateInputSchema).mutation(({ input, ctx }) => users.updateProfile(ctx.user, input, ctx.ip)),
    });
  }
}
