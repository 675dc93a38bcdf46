export * from './order.schemas';
