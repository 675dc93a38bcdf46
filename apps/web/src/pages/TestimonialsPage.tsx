// The screen lives in the testimonial feature lib; this module is the route's lazy chunk boundary.
export { TestimonialsPage } from '@dealership/testimonial-web';
