// The car domain's data: its tables are read and written by the catalogue (car and brand's server libs, tagged `domain:catalogue`) alone (the lint rule in
// eslint.config.mjs, derived from the projects' `domain:` tags); what other domains may read is in published.ts.
export * from './published';
export * from './car.enums';
export * from './car-price.table';
export { carQueries } from './car.relations';
export * from './car.table';
export * from './car-spin.table';
export * from './car-cost.table';
export * from './car-draft.table';
