import { AuditListInputSchema } from '@dealership/audit-schemas';
import { ownerProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { AuditService } from './audit.service';

@Injectable()
export class AuditRouter {
  readonly router;

  constructor(audit: AuditService) {
    this.router = router({
      list: ownerProcedure.input(AuditListInputSchema).query(({ input }) => audit.list(input)),
    });
  }
}
