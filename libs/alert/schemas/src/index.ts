export * from './alert.schemas';
