export * from './alert.schemas';
export * from './alert-search';
