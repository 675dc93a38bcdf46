import { AuditModule } from '@dealership/audit-server';
import { MediaModule } from '@dealership/media-server';
import { Module } from '@nestjs/common';
import { InspectionCertificateController } from './inspection-certificate.controller';
import { InspectionCertificateRepository } from './inspection-certificate.repository';
import { InspectionCertificateService } from './inspection-certificate.service';
import { InspectionRepository } from './inspection.repository';
import { InspectionRouter } from './inspection.router';
import { InspectionService } from './inspection.service';

@Module({
  imports: [MediaModule, AuditModule],
  controllers: [InspectionCertificateController],
  providers: [InspectionRepository, InspectionService, InspectionRouter, InspectionCertificateRepository, InspectionCertificateService],
  exports: [InspectionService, InspectionRouter],
})
export class InspectionModule {}
