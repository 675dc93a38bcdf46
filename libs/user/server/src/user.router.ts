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
      register: publicProcedure.input(RegisterInputSchema).mutation(({ input }) => users.register(input)),
      login: publicProcedure.input(LoginInputSchema).mutation(({ input, ctx }) => users.login(input, ctx.ip)),
      me: authedProcedure.query(({ ctx }) => users.me(ctx.user.id)),
      updateProfile: authedProcedure.input(ProfileUpdateInputSchema).mutation(({ input, ctx }) => users.updateProfile(ctx.user.id, input)),
    });
  }
}
