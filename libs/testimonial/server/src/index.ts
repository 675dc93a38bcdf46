export { TestimonialModule } from './testimonial.module';
export { TestimonialRouter } from './testimonial.router';
