// What the order domain publishes to other domains: which cars its orders hold.
export * from './order.views';
