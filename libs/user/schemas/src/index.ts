export * from './role';
export * from './user.schemas';
