import type { Testimonial, TestimonialListFilters, TestimonialPage } from '@dealership/testimonial-schemas';
import { type Database, DB } from '@dealership/server-db';
import { testimonials } from '@dealership/testimonial-data';
import { Inject, Injectable } from '@nestjs/common';
import { count, desc, eq, type SQL } from 'drizzle-orm';

/** A testimonial's own columns as the service sets them. */
export interface TestimonialColumns {
  name: string;
  location: string | null;
  carName: string | null;
  quote: string;
  rating: number;
  published: boolean;
}

type TestimonialRow = typeof testimonials.$inferSelect;

function toTestimonial({ createdAt, updatedAt, ...columns }: TestimonialRow): Testimonial {
  return { ...columns, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** The only code that touches the testimonial table. */
@Injectable()
export class TestimonialRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of testimonials, newest first: every one, or the published ones only. */
  async page(filters: TestimonialListFilters, { publishedOnly }: { publishedOnly: boolean }): Promise<TestimonialPage> {
    // `published` bare is the partial index's own predicate.
    const where: SQL | undefined = publishedOnly ? eq(testimonials.published, true) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(testimonials)
        .where(where)
        .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(testimonials).where(where),
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

  /** The testimonial as it was; undefined when there was none. */
  async remove(id: string): Promise<Testimonial | undefined> {
    const [row] = await this.db.delete(testimonials).where(eq(testimonials.id, id)).returning();
    return row && toTestimonial(row);
  }
}
