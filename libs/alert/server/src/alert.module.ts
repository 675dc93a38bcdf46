import { AuditModule } from '@dealership/audit-server';
import { Module } from '@nestjs/common';
import { AlertRepository } from './alert.repository';
import { AlertRouter } from './alert.router';
import { AlertService } from './alert.service';

@Module({
  imports: [AuditModule],
  providers: [AlertRepository, AlertService, AlertRouter],
  exports: [AlertService, AlertRouter],
})
export class AlertModule {}
