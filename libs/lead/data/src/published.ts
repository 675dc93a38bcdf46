// What the lead domain publishes to other domains: when each car's leads came, and the car a trade-in describes (never who sent them).
export * from './lead.views';
