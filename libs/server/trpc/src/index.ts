export * from './context-errors';
export * from './trpc';
