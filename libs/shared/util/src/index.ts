export * from './money';
export * from './slug';
export * from './text';
export * from './relative-time';
export * from './compare';
export * from './nairobi-date';
