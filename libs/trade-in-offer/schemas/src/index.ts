export * from './trade-in-offer.schemas';
