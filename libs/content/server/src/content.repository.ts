import type { Content, ContentListFilters, ContentPage } from '@dealership/content-schemas';
import { DB, type Database, contents } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';

type ContentRow = typeof contents.$inferSelect;

/** A content's columns as the service sets them (the database fills in the rest). */
type NewContentRow = typeof contents.$inferInsert;

function toContent({ createdAt, updatedAt, ...columns }: ContentRow): Content {
  return { ...columns, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** The only code that touches the content table. */
@Injectable()
export class ContentRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of contents, newest first. */
  async page(filters: ContentListFilters): Promise<ContentPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(contents)
        .orderBy(desc(contents.createdAt), desc(contents.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(contents),
    ]);
    return { items: rows.map(toContent), total, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  async byId(id: string): Promise<Content | undefined> {
    const [row] = await this.db.select().from(contents).where(eq(contents.id, id)).limit(1);
    return row && toContent(row);
  }

  async insert(columns: NewContentRow): Promise<Content> {
    const [row] = await this.db.insert(contents).values(columns).returning();
    return toContent(row);
  }

  /** Changes the given columns; undefined when there is no such content. */
  async update(id: string, columns: Partial<NewContentRow>): Promise<Content | undefined> {
    const [row] = await this.db
      .update(contents)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(contents.id, id))
      .returning();
    return row && toContent(row);
  }

  /** The content as it was; undefined when there was none. */
  async remove(id: string): Promise<Content | undefined> {
    const [row] = await this.db.delete(contents).where(eq(contents.id, id)).returning();
    return row && toContent(row);
  }
}
