import { AuditModule } from '@dealership/audit-server';
import { ContentModule } from '@dealership/content-server';
import { MediaModule } from '@dealership/media-server';
import { MessageModule } from '@dealership/message-server';
import { Module } from '@nestjs/common';
import { LeadExportController } from './lead.export.controller';
import { LeadPersonalData } from './lead.personal-data';
import { LeadPersonalDataRepository } from './lead-personal-data.repository';
import { LeadReportRepository } from './lead-report.repository';
import { LeadRepository } from './lead.repository';
import { LeadRouter } from './lead.router';
import { LeadService } from './lead.service';
import { WhatsAppRepository } from './whatsapp/whatsapp.repository';
import { WhatsAppService } from './whatsapp/whatsapp.service';
import { WhatsAppWebhookController } from './whatsapp/whatsapp-webhook.controller';

@Module({
  imports: [AuditModule, ContentModule, MediaModule, MessageModule],
  providers: [LeadRepository, LeadReportRepository, LeadPersonalDataRepository, LeadService, LeadRouter, LeadPersonalData, WhatsAppRepository, WhatsAppService],
  controllers: [LeadExportController, WhatsAppWebhookController],
  exports: [LeadService, LeadRouter],
})
export class LeadModule {}
