export { AuditModule } from './audit.module';
export { AuditRouter } from './audit.router';
export { AuditService, changedFields, type AuditActor, type AuditClient, type AuditEntry, type SecurityEvent } from './audit.service';
