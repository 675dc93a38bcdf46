import { AuditModule } from '@dealership/audit-server';
import { MediaModule } from '@dealership/media-server';
import { Module } from '@nestjs/common';
import { InspectionRepository } from './inspection.repository';
import { InspectionRouter } from './inspection.router';
import { InspectionService } from './inspection.service';

@Module({
  imports: [MediaModule, AuditModule],
  providers: [InspectionRepository, InspectionService, InspectionRouter],
  exports: [InspectionService, InspectionRouter],
})
export class InspectionModule {}
