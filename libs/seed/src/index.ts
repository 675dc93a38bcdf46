export { SeedModule } from './seed.module';
export { type SeedImageSink, type SeedResult } from './seed-demo';
export { SEED_BRANDS, SEED_CARS } from './catalogue.data';
