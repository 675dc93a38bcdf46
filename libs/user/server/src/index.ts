export { UserModule } from './user.module';
export { UserRouter } from './user.router';
export { StaffRouter } from './staff.router';
export { PrivacyService, RETENTION_INTERVAL_MS } from './privacy.service';
