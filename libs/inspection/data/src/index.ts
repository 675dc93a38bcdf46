// The inspection domain's data: its tables are read and written by its server lib alone (the lint rule
// in eslint.config.mjs, derived from the projects' `domain:` tags); what other domains may read is in published.ts.
export * from './published';
export * from './inspection.table';
