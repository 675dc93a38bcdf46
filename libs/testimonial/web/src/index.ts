export { testimonialCredit } from './lib/credit/testimonial-credit';
export { AdminTestimonialsPage, TESTIMONIAL_PAGE_SIZE } from './lib/pages/AdminTestimonials.page';
export { PUBLIC_TESTIMONIAL_PAGE_SIZE, TestimonialsPage } from './lib/pages/Testimonials.page';
export { EMPTY_TESTIMONIAL, TestimonialForm, type TestimonialFormProps } from './lib/TestimonialForm/TestimonialForm';
