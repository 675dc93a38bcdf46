import { ownerProcedure, router } from '@dealership/server-trpc';
import { StaffInviteInputSchema, StaffMemberInputSchema, StaffSetAwayInputSchema, StaffSetRoleInputSchema } from '@dealership/user-schemas';
import { z } from 'zod';
import { Injectable } from '@nestjs/common';
import { StaffService } from './staff.service';
import { TwoFactorService } from './two-factor.service';

/** `staff.*`: the Staff page, owners only. */
@Injectable()
export class StaffRouter {
  readonly router;

  constructor(staff: StaffService, twoFactor: TwoFactorService) {
    this.router = router({
      list: ownerProcedure.query(() => staff.list()),
      invite: ownerProcedure.input(StaffInviteInputSchema).mutation(({ input, ctx }) => staff.invite(input, ctx.user, ctx)),
      setRole: ownerProcedure.input(StaffSetRoleInputSchema).mutation(({ input, ctx }) => staff.setRole(input.userId, input.staffRole, ctx.user, ctx)),
      deactivate: ownerProcedure.input(StaffMemberInputSchema).mutation(({ input, ctx }) => staff.deactivate(input.userId, ctx.user, ctx)),
      /** A lost phone: the staff member signs in with the password alone, then enrols again (every session of theirs ends). */
      resetTwoFactor: ownerProcedure.input(StaffMemberInputSchema).mutation(async ({ input, ctx }) => {
        await twoFactor.reset(input.userId, ctx.user, ctx);
        return { ok: true as const };
      }),
      /** Whether every staff account must have a second factor (off on a fresh install). */
      twoFactorRequired: ownerProcedure.query(async () => ({ required: await twoFactor.required() })),
      requireTwoFactor: ownerProcedure
        .input(z.object({ required: z.boolean({ error: 'required must be true or false' }) }))
        .mutation(async ({ input, ctx }) => {
          await twoFactor.setRequired(input.required, ctx.user, ctx);
          return { required: input.required };
        }),
      /** An owner marks someone away (new leads skip them) or back. */
      setAway: ownerProcedure.input(StaffSetAwayInputSchema).mutation(({ input, ctx }) => staff.setAway(input.userId, input.away, ctx.user)),
      reactivate: ownerProcedure.input(StaffMemberInputSchema).mutation(({ input, ctx }) => staff.reactivate(input.userId, ctx.user, ctx)),
    });
  }
}
