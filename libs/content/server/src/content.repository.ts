import { type OpeningHours, type SiteContentFields, SOCIAL_NETWORKS, type SocialLinks, WEEKDAYS } from '@dealership/content-schemas';
import { siteContent } from '@dealership/content-data';
import { type Database, DB } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';

/** The channel an edit notifies on, after its commit, so every instance drops its cached copy. */
export const SITE_CONTENT_CHANGED_CHANNEL = 'site_content_changed';

/** The id of the site's one content row (and of its activity-log records). */
export const SITE_CONTENT_ID = '5c0e7e47-0000-4000-8000-000000000001';

/** The stored content: the phone null while it is the configured one. */
export type StoredSiteContent = Omit<SiteContentFields, 'phone'> & { phone: string | null; version: number; updatedAt: string };

type SiteContentRow = typeof siteContent.$inferSelect;

/** The row as the contract orders it (jsonb keeps its own key order, which the activity log's comparison would take for a change). */
function toStored(row: SiteContentRow): StoredSiteContent {
  return {
    faq: row.faq.map(({ question, answer }) => ({ question, answer })),
    hours: Object.fromEntries(WEEKDAYS.map((day) => [day, { closed: row.hours[day].closed, open: row.hours[day].open, close: row.hours[day].close }])) as OpeningHours,
    phone: row.phone,
    whatsapp: row.whatsapp,
    email: row.email,
    address: row.address,
    mapUrl: row.mapUrl,
    social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, row.social[network] ?? ''])) as SocialLinks,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The only code that touches the site content table. */
@Injectable()
export class ContentRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** The stored content, or undefined before the first edit. */
  async read(): Promise<StoredSiteContent | undefined> {
    const [row] = await this.db.select().from(siteContent).where(eq(siteContent.id, SITE_CONTENT_ID)).limit(1);
    return row && toStored(row);
  }

  /**
   * Writes the whole content and moves its version, telling every instance in the same
   * transaction (PostgreSQL delivers the notification after the commit, never for a rollback).
   */
  async write(fields: Omit<SiteContentFields, 'phone'> & { phone: string | null }): Promise<StoredSiteContent> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(siteContent)
        .values({ id: SITE_CONTENT_ID, ...fields, version: 1 })
        .onConflictDoUpdate({ target: siteContent.id, set: { ...fields, version: sql`${siteContent.version} + 1`, updatedAt: new Date() } })
        .returning();
      await tx.execute(sql`select pg_notify(${SITE_CONTENT_CHANGED_CHANNEL}, ${String(row.version)})`);
      return toStored(row);
    });
  }
}
