export * from './create-test-db';
export * from './fixtures';
export * from './test-app';
export * from './database-snapshot';
