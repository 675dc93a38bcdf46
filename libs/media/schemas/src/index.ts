export * from './media.constants';
export * from './media.schemas';
