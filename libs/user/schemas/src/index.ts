export * from './access';
export * from './user.schemas';
