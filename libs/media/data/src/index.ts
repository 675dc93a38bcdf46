// The media domain's data: its tables are read and written by the media domain's server lib alone (the lint rule in
// eslint.config.mjs, derived from the projects' `domain:` tags); it publishes nothing to other domains.
export * from './media-upload.table';
