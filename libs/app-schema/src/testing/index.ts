export * from './fixtures';
export * from './test-app';
export * from './truncate';
