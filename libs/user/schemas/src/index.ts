export * from './user.schemas';
