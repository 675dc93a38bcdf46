import { AuditModule } from '@dealership/audit-server';
import { MediaModule } from '@dealership/media-server';
import { Module } from '@nestjs/common';
import { LeadRepository } from './lead.repository';
import { LeadRouter } from './lead.router';
import { LeadService } from './lead.service';

@Module({
  imports: [AuditModule, MediaModule],
  providers: [LeadRepository, LeadService, LeadRouter],
  exports: [LeadService, LeadRouter],
})
export class LeadModule {}
