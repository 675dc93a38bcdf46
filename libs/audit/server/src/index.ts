export { AuditModule } from './audit.module';
export { AuditRouter } from './audit.router';
export { AuditService, changedFields, type AuditActor, type AuditEntry } from './audit.service';
