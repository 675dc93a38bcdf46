export * from './inspection.schemas';
