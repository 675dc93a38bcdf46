import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { Testimonial, TestimonialCreateFields, TestimonialListFilters, TestimonialPage, TestimonialUpdateFields } from '@dealership/testimonial-schemas';
import { Injectable } from '@nestjs/common';
import { TestimonialNotFoundError } from './testimonial.errors';
import { TestimonialRepository } from './testimonial.repository';

/** The rules of testimonials: routers delegate here, the repository queries. Every write is in the activity log. */
@Injectable()
export class TestimonialService {
  constructor(
    private readonly testimonials: TestimonialRepository,
    private readonly audit: AuditService,
  ) {}

  /** What visitors see: the published ones, newest first. */
  published(filters: TestimonialListFilters): Promise<TestimonialPage> {
    return this.testimonials.page(filters, { publishedOnly: true });
  }

  /** The back office's list: every one, published or not. */
  manage(filters: TestimonialListFilters): Promise<TestimonialPage> {
    return this.testimonials.page(filters, { publishedOnly: false });
  }

  async create(input: TestimonialCreateFields, actor: AuditActor): Promise<Testimonial> {
    const created = await this.testimonials.insert({ ...input, location: input.location ?? null, carName: input.carName ?? null });
    await this.audit.record({ actor, entity: 'testimonial', entityId: created.id, label: created.name, action: 'create', after: created });
    return created;
  }

  async update(input: TestimonialUpdateFields, actor: AuditActor): Promise<Testimonial> {
    const { id, ...given } = input;
    // Only the fields given change: a field left out is undefined, never written.
    const fields = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    const before = await this.testimonials.byId(id);
    if (!before) throw new TestimonialNotFoundError();
    const updated = await this.testimonials.update(id, fields);
    if (!updated) throw new TestimonialNotFoundError();
    await this.audit.record({ actor, entity: 'testimonial', entityId: id, label: updated.name, action: 'update', before, after: updated });
    return updated;
  }

  async remove(id: string, actor: AuditActor): Promise<void> {
    const removed = await this.testimonials.remove(id);
    if (!removed) throw new TestimonialNotFoundError();
    await this.audit.record({ actor, entity: 'testimonial', entityId: id, label: removed.name, action: 'remove', before: removed });
  }
}
