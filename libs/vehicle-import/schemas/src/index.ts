export * from './vehicle-import.schemas';
