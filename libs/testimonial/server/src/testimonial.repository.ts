import type { Testimonial, TestimonialListFilters, TestimonialPage } from '@dealership/testimonial-schemas';
import { DB, type Database, testimonials } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';

/** A testimonial's own columns as the service sets them. */
export interface TestimonialColumns {
  name: string;
}

type TestimonialRow = typeof testimonials.$inferSelect;

function toTestimonial(row: TestimonialRow): Testimonial {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The only code that touches the testimonial table. */
@Injectable()
export class TestimonialRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of testimonials, newest first. */
  async page(filters: TestimonialListFilters): Promise<TestimonialPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(testimonials)
        .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(testimonials),
    ]);
    return { items: rows.map(toTestimonial), total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  async byId(id: string): Promise<Testimonial | undefined> {
    const [row] = await this.db.select().from(testimonials).where(eq(testimonials.id, id)).limit(1);
    return row && toTestimonial(row);
  }

  async insert(columns: TestimonialColumns): Promise<Testimonial> {
    const [row] = await this.db.insert(testimonials).values(columns).returning();
    return toTestimonial(row);
  }

  /** Changes the given columns; undefined when there is no such testimonial. */
  async update(id: string, columns: Partial<TestimonialColumns>): Promise<Testimonial | undefined> {
    const [row] = await this.db
      .update(testimonials)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(testimonials.id, id))
      .returning();
    return row && toTestimonial(row);
  }

  /** False when there was none. */
  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
    return rows.length > 0;
  }
}
