export * from './trpc';
