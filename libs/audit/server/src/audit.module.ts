import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { AuditRouter } from './audit.router';
import { AuditService } from './audit.service';

@Module({
  providers: [AuditRepository, AuditService, AuditRouter],
  exports: [AuditService, AuditRouter],
})
export class AuditModule {}
