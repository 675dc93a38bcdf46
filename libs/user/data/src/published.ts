// What the user domain publishes to other domains: accounts' contacts and the staff, never a password or a second factor.
export * from './user.views';
