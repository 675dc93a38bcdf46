export * from './catalogue-changes';
export * from './data-dir-lock';
export * from './database';
export * from './db.module';
export * from './open-database';
export * from './schema';
export * from './pg-error';
export * from './periodic-jobs';
