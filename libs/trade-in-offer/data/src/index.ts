// The trade-in-offer domain's data: its tables are read and written by its server lib alone (the lint rule
// in eslint.config.mjs, derived from the projects' `domain:` tags). What other domains may read of it
// (a view) goes in a published.ts entry, as car-data's does.
export * from './trade-in-offer.table';
