// What the catalogue publishes to other domains: views of its tables (migration 0020_published_views).
// Its tables themselves are the catalogue's alone.
export * from './car.views';
