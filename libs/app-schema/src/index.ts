// The composed schema: every domain's tables (each in its data lib, libs/<domain>/data) and the
// infrastructure's own. drizzle-kit reads it to write the one migration history
// (`npm run db:generate`); the tests' helpers (./testing) arrange rows in any of them. No server
// lib imports it (lint): a domain reads its own tables, and what others publish.
export * from '@dealership/alert-data';
export * from '@dealership/audit-data';
export * from '@dealership/brand-data';
export * from '@dealership/car-data';
export * from '@dealership/content-data';
export * from '@dealership/inspection-data';
export * from '@dealership/lead-data';
export * from '@dealership/media-data';
export * from '@dealership/message-data';
export * from '@dealership/order-data';
export * from '@dealership/setting-data';
export * from '@dealership/testimonial-data';
export * from '@dealership/trade-in-offer-data';
export * from '@dealership/user-data';
export { appState, backupRuns, scheduledJobs, throttleCounters } from '@dealership/server-db/schema';
export * from '@dealership/vehicle-import-data';
