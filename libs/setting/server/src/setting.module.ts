import { AuditModule } from '@dealership/audit-server';
import { Module } from '@nestjs/common';
import { SettingRepository } from './setting.repository';
import { SettingRouter } from './setting.router';
import { SettingService } from './setting.service';

@Module({
  imports: [AuditModule],
  providers: [SettingRepository, SettingService, SettingRouter],
  exports: [SettingService, SettingRouter],
})
export class SettingModule {}
