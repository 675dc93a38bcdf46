export * from './money';
export * from './slug';
export * from './text';
