import { ownerProcedure, router } from '@dealership/server-trpc';
import { StaffInviteInputSchema, StaffMemberInputSchema, StaffSetRoleInputSchema } from '@dealership/user-schemas';
import { Injectable } from '@nestjs/common';
import { StaffService } from './staff.service';

/** `staff.*`: the Staff page, owners only. */
@Injectable()
export class StaffRouter {
  readonly router;

  constructor(staff: StaffService) {
    this.router = router({
      list: ownerProcedure.query(() => staff.list()),
      invite: ownerProcedure.input(StaffInviteInputSchema).mutation(({ input, ctx }) => staff.invite(input, ctx.user)),
      setRole: ownerProcedure.input(StaffSetRoleInputSchema).mutation(({ input, ctx }) => staff.setRole(input.userId, input.staffRole, ctx.user)),
      deactivate: ownerProcedure.input(StaffMemberInputSchema).mutation(({ input, ctx }) => staff.deactivate(input.userId, ctx.user)),
      reactivate: ownerProcedure.input(StaffMemberInputSchema).mutation(({ input, ctx }) => staff.reactivate(input.userId, ctx.user)),
    });
  }
}
