import { adminProcedure, authedProcedure, publicProcedure, router, staffEnrolmentProcedure } from '@dealership/server-trpc';
import {
  AccountDeleteInputSchema,
  EmailVerifyInputSchema,
  LoginInputSchema,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PasswordResetInputSchema,
  PasswordResetRequestInputSchema,
  PhoneCodeInputSchema,
  ProfileUpdateInputSchema,
  RegisterInputSchema,
  SecondFactorInputSchema,
  SetAwayInputSchema,
  SetTextChannelInputSchema,
  TwoFactorEnableInputSchema,
  TwoFactorSetupInputSchema,
} from '@dealership/user-schemas';
import { Injectable } from '@nestjs/common';
import { EmailLinkService } from './email-link.service';
import { PhoneVerificationService } from './phone-verification.service';
import { PrivacyService } from './privacy.service';
import { StaffService } from './staff.service';
import { TwoFactorService } from './two-factor.service';
import { UserService } from './user.service';

@Injectable()
export class UserRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(
    users: UserService,
    emailLinks: EmailLinkService,
    twoFactor: TwoFactorService,
    staff: StaffService,
    privacy: PrivacyService,
    phones: PhoneVerificationService,
  ) {
    this.router = router({
      register: publicProcedure.input(RegisterInputSchema).mutation(({ input, ctx }) => users.register(input, ctx.ip, ctx.userAgent)),
      /** A session, or for a staff account with a second factor the challenge of the second step. */
      login: publicProcedure.input(LoginInputSchema).mutation(({ input, ctx }) => users.login(input, ctx.ip, ctx.userAgent)),
      /** The second step of a sign-in: the challenge and a code from the authenticator app (or a recovery code). */
      loginSecondFactor: publicProcedure.input(SecondFactorInputSchema).mutation(({ input, ctx }) => users.loginSecondFactor(input, ctx.ip, ctx.userAgent)),
      /** A staff member marks themself away (new leads skip them) or back. */
      setAway: adminProcedure.input(SetAwayInputSchema).mutation(({ input, ctx }) => staff.setAway(ctx.user.id, input.away, ctx.user)),
      /** The caller's second factor: whether it is available (staff), on, required. */
      twoFactorStatus: authedProcedure.query(({ ctx }) => twoFactor.status(ctx.user.id)),
      /** A new secret to enrol: its QR code and text (staff only). */
      twoFactorSetup: staffEnrolmentProcedure.input(TwoFactorSetupInputSchema).mutation(({ input, ctx }) => twoFactor.setup(ctx.user, input ?? {})),
      /** Turns the second factor on with a first code; answers the recovery codes, shown once. */
      twoFactorEnable: staffEnrolmentProcedure.input(TwoFactorEnableInputSchema).mutation(({ input, ctx }) => twoFactor.enable(ctx.user, input.code, ctx)),
      /** Ends the session of the calling token. */
      logout: authedProcedure.mutation(async ({ ctx }) => {
        await users.logout(ctx.user, ctx);
        return { ok: true as const };
      }),
      /** Ends every session of the caller, on every device, this one included. */
      logoutAll: authedProcedure.mutation(async ({ ctx }) => {
        await users.logoutEverywhere(ctx.user, ctx);
        return { ok: true as const };
      }),
      me: authedProcedure.query(({ ctx }) => users.me(ctx.user.id)),
      /** Everything we hold about the caller (Data Protection Act, 2019): profile, orders, requests, sessions. */
      exportMyData: authedProcedure.query(({ ctx }) => privacy.exportData(ctx.user)),
      /** Deletes the caller's own customer account, with its password; staff accounts are deactivated by an owner instead. */
      deleteAccount: authedProcedure.input(AccountDeleteInputSchema).mutation(({ input, ctx }) => privacy.deleteAccount(ctx.user, input.password, ctx)),
      updateProfile: authedProcedure.input(ProfileUpdateInputSchema).mutation(({ input, ctx }) => users.updateProfile(ctx.user, input, ctx.ip, ctx.userAgent)),
      /** Emails a reset link if the address has an account; the same answer either way. */
      requestPasswordReset: publicProcedure.input(PasswordResetRequestInputSchema).mutation(async ({ input, ctx }) => {
        await emailLinks.requestPasswordReset(input.email, ctx.ip);
        return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
      }),
      /** Sets a new password with an emailed link; every session of the account ends. */
      resetPassword: publicProcedure.input(PasswordResetInputSchema).mutation(({ input, ctx }) => emailLinks.resetPassword(input, ctx)),
      /** Follows an emailed verification link (public: the link may be opened on another device). */
      verifyEmail: publicProcedure.input(EmailVerifyInputSchema).mutation(({ input, ctx }) => emailLinks.verifyEmail(input.token, ctx)),
      /** The caller's phone: whether a code proved it, and how the site's texts reach it. */
      textMessages: authedProcedure.query(({ ctx }) => phones.status(ctx.user.id)),
      /** Texts a code to the caller's phone (throttled per account and per number). */
      sendPhoneCode: authedProcedure.mutation(({ ctx }) => phones.sendCode(ctx.user)),
      /** The code from that SMS: the phone is proved. */
      verifyPhone: authedProcedure.input(PhoneCodeInputSchema).mutation(({ input, ctx }) => phones.verify(ctx.user, input.code)),
      /** SMS, WhatsApp or both for the site's texts (WhatsApp only for a proved phone). */
      setTextChannel: authedProcedure.input(SetTextChannelInputSchema).mutation(({ input, ctx }) => phones.setTextChannel(ctx.user, input.channel)),
      /** Sends the caller's verification link again (throttled per account). */
      resendVerification: authedProcedure.mutation(({ ctx }) => emailLinks.resendVerification(ctx.user)),
    });
  }
}
