export * from './data-dir-lock';
export * from './database';
export * from './db.module';
export * from './open-database';
export * from './schema';
export { seedDemoCatalogue, type SeedImageSink, type SeedResult } from './seed/seed-demo';
export { SEED_BRANDS, SEED_CARS } from './seed/catalogue.data';
