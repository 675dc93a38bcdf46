export * from './create-test-db';
export * from './fixtures';
export * from './test-app';
