import { AuditListInputSchema } from '@dealership/audit-schemas';
import { adminProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { AuditService } from './audit.service';

@Injectable()
export class AuditRouter {
  readonly router;

  constructor(audit: AuditService) {
    this.router = router({
      list: adminProcedure.input(AuditListInputSchema).query(({ input }) => audit.list(input)),
    });
  }
}
