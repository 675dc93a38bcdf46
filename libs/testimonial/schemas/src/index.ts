export * from './testimonial.schemas';
