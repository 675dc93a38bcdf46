export * from './lead.schemas';
