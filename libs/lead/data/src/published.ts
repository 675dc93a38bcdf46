// What the lead domain publishes to other domains: when each car's leads came (never who sent them).
export * from './lead.views';
