export * from './media.schemas';
