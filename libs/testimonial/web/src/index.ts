export { AdminTestimonialsPage, TESTIMONIAL_PAGE_SIZE } from './lib/pages/AdminTestimonials.page';
export { TestimonialForm, type TestimonialFormProps } from './lib/TestimonialForm/TestimonialForm';
