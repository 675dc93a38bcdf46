import type { Testimonial } from '@dealership/testimonial-schemas';

/** The customer, where they are from and their car, as a testimonial is credited: "Amina W., Nyali, Mombasa (Toyota Harrier)". */
export function testimonialCredit({ name, location, carName }: Pick<Testimonial, 'name' | 'location' | 'carName'>): string {
  return [name, location].filter(Boolean).join(', ') + (carName ? ` (${carName})` : '');
}
