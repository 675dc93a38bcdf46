// The brand domain's data: its tables are read and written by the catalogue (car and brand's server libs, tagged `domain:catalogue`) alone (the lint rule in
// eslint.config.mjs, derived from the projects' `domain:` tags); it publishes nothing to other domains.
export { brandQueries, brandRelationalSchema } from './brand.relations';
export * from './brand.table';
