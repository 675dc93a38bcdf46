export { AuditModule } from './audit.module';
export { AuditRouter } from './audit.router';
export { AuditService, type AuditActor, type AuditClient, type AuditEntry, type SecurityEvent } from './audit.service';
