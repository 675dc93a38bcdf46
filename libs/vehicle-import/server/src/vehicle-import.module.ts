import { AuditModule } from '@dealership/audit-server';
import { MediaModule } from '@dealership/media-server';
import { MessageModule } from '@dealership/message-server';
import { OrderModule } from '@dealership/order-server';
import { SettingModule } from '@dealership/setting-server';
import { Module } from '@nestjs/common';
import { ImportDocumentController } from './import-document.controller';
import { ImportPayable } from './import-payable';
import { ImportTrackingLinks } from './import-tracking-links';
import { VehicleImportPersonalData } from './vehicle-import.personal-data';
import { VehicleImportRepository } from './vehicle-import.repository';
import { VehicleImportRouter } from './vehicle-import.router';
import { VehicleImportService } from './vehicle-import.service';

@Module({
  imports: [AuditModule, MessageModule, SettingModule, MediaModule, OrderModule],
  controllers: [ImportDocumentController],
  providers: [ImportPayable, VehicleImportRepository, VehicleImportService, VehicleImportRouter, ImportTrackingLinks, VehicleImportPersonalData],
  exports: [VehicleImportService, VehicleImportRouter],
})
export class VehicleImportModule {}
