import { authedProcedure, publicProcedure, router } from '@dealership/server-trpc';
import {
  EmailVerifyInputSchema,
  LoginInputSchema,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PasswordResetInputSchema,
  PasswordResetRequestInputSchema,
  ProfileUpdateInputSchema,
  RegisterInputSchema,
} from '@dealership/user-schemas';
import { Injectable } from '@nestjs/common';
import { EmailLinkService } from './email-link.service';
import { UserService } from './user.service';

@Injectable()
export class UserRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(users: UserService, emailLinks: EmailLinkService) {
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
      /** Emails a reset link if the address has an account; the same answer either way. */
      requestPasswordReset: publicProcedure.input(PasswordResetRequestInputSchema).mutation(async ({ input, ctx }) => {
        await emailLinks.requestPasswordReset(input.email, ctx.ip);
        return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
      }),
      /** Sets a new password with an emailed link; every session of the account ends. */
      resetPassword: publicProcedure.input(PasswordResetInputSchema).mutation(({ input }) => emailLinks.resetPassword(input)),
      /** Follows an emailed verification link (public: the link may be opened on another device). */
      verifyEmail: publicProcedure.input(EmailVerifyInputSchema).mutation(({ input }) => emailLinks.verifyEmail(input.token)),
      /** Sends the caller's verification link again (throttled per account). */
      resendVerification: authedProcedure.mutation(({ ctx }) => emailLinks.resendVerification(ctx.user)),
    });
  }
}
