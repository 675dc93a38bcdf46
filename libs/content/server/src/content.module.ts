import { AuditModule } from '@dealership/audit-server';
import { Module } from '@nestjs/common';
import { contentChangesProvider } from './content-changes';
import { ContentRepository } from './content.repository';
import { ContentRouter } from './content.router';
import { ContentService } from './content.service';

@Module({
  imports: [AuditModule],
  providers: [ContentRepository, ContentService, ContentRouter, contentChangesProvider],
  exports: [ContentService, ContentRouter],
})
export class ContentModule {}
