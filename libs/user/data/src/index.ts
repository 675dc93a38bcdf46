// The user domain's data: its tables are read and written by the user domain's server lib alone (the lint rule in
// eslint.config.mjs, derived from the projects' `domain:` tags); what other domains may read is in published.ts.
export * from './phone-verification.table';
export * from './published';
export * from './session.table';
export * from './two-factor.table';
export * from './user-token.table';
export * from './user.table';
