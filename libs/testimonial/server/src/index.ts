export { TestimonialModule } from './testimonial.module';
export { TestimonialRouter } from './testimonial.router';
export { TestimonialService } from './testimonial.service';
