export * from './errors';
export * from './ids.schemas';
export * from './money.schemas';
export * from './pagination.schemas';
export * from './site-routes';
export * from './text.schemas';
export * from './transport-limits';
