export * from './config/config.tokens';
export * from './config/env';
export * from './http/database-errors';
export * from './http/legacy-exception.filter';
export * from './http/zod-validation';
export * from './logging/logger';
export * from './logging/safe-error';
export * from './config/secrets';
