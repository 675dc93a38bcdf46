// What the lead domain publishes to other domains: when each car's leads came, the car a trade-in describes and the photos requests still keep (never who sent them).
export * from './lead.views';
