// What the inspection domain publishes to other domains: which cars were inspected and their counts.
export * from './inspection.views';
