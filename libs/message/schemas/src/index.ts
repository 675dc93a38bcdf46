export * from './message.schemas';
