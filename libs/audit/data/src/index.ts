// The audit domain's data: its tables are read and written by the audit domain's server lib alone (the lint rule in
// eslint.config.mjs, derived from the projects' `domain:` tags); it publishes nothing to other domains.
export * from './audit.table';
