export * from './brand.schemas';
