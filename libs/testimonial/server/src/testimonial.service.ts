import type { Testimonial, TestimonialCreateFields, TestimonialListFilters, TestimonialPage, TestimonialUpdateFields } from '@dealership/testimonial-schemas';
import { Injectable } from '@nestjs/common';
import { TestimonialNotFoundError } from './testimonial.errors';
import { TestimonialRepository } from './testimonial.repository';

/** The rules of testimonials: routers delegate here, the repository queries. */
@Injectable()
export class TestimonialService {
  constructor(private readonly testimonials: TestimonialRepository) {}

  list(filters: TestimonialListFilters): Promise<TestimonialPage> {
    return this.testimonials.page(filters);
  }

  async byId(id: string): Promise<Testimonial> {
    const found = await this.testimonials.byId(id);
    if (!found) throw new TestimonialNotFoundError();
    return found;
  }

  create(input: TestimonialCreateFields): Promise<Testimonial> {
    return this.testimonials.insert(input);
  }

  async update(input: TestimonialUpdateFields): Promise<Testimonial> {
    const { id, ...fields } = input;
    const updated = await this.testimonials.update(id, fields);
    if (!updated) throw new TestimonialNotFoundError();
    return updated;
  }

  async remove(id: string): Promise<void> {
    if (!(await this.testimonials.remove(id))) throw new TestimonialNotFoundError();
  }
}
