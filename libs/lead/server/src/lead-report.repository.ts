import { type LeadChannel, type LeadKind, type LeadReport, WHATSAPP_LEAD_SOURCES } from '@dealership/lead-schemas';
import { leads } from '@dealership/lead-data';
import { type Database, DB } from '@dealership/server-db';
import { staffMembers } from '@dealership/user-data/published';
import { Inject, Injectable } from '@nestjs/common';
import { count, eq, gte, sql } from 'drizzle-orm';

/** The owner's lead reports: one query per figure, grouped in the database (cheap at 100,000 leads with the created_at index). */
@Injectable()
export class LeadReportRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Leads per week (the week's Monday in Nairobi) and kind, since `since`. */
  async perWeek(since: Date): Promise<LeadReport['perWeek']> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'Africa/Nairobi'), 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ week, kind: leads.kind, count: count() })
      .from(leads)
      .where(gte(leads.createdAt, since))
      .groupBy(week, leads.kind)
      .orderBy(week, leads.kind);
    return rows.map((row) => ({ ...row, kind: row.kind as LeadKind }));
  }

  /** Leads per week and source page since `since`; the pages of one car or brand count as one page (`/car/*`). */
  async perSource(since: Date): Promise<LeadReport['perSource']> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'Africa/Nairobi'), 'YYYY-MM-DD')`;
    const source = sql<string | null>`regexp_replace(${leads.sourcePage}, '^/(car|brand)/.*$', '/\\1/*')`;
    return this.db.select({ week, source, count: count() }).from(leads).where(gte(leads.createdAt, since)).groupBy(week, source).orderBy(week, source);
  }

  /**
   * Leads per week and channel since `since`: a site form (any kind but whatsapp), a WhatsApp chat,
   * or one from a click-to-WhatsApp ad (its source, which stays when the lead's personal data goes).
   */
  async perChannel(since: Date): Promise<LeadReport['perChannel']> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'Africa/Nairobi'), 'YYYY-MM-DD')`;
    const channel = sql<LeadChannel>`case when ${leads.kind} <> 'whatsapp' then 'web' when ${leads.sourcePage} = ${WHATSAPP_LEAD_SOURCES['whatsapp-ad']} then 'whatsapp-ad' else 'whatsapp' end`;
    // By position: the channel's expression binds the ad's source as a parameter, which would make each repetition of it another expression to PostgreSQL.
    return this.db
      .select({ week, channel, count: count() })
      .from(leads)
      .where(gte(leads.createdAt, since))
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`);
  }

  /** Per assignee since `since`: leads, answered, and the median and 90th percentile of minutes to the first response. */
  async responseTimes(since: Date): Promise<LeadReport['responseTimes']> {
    const minutes = sql`extract(epoch from (${leads.firstResponseAt} - ${leads.createdAt})) / 60`;
    const rows = await this.db
      .select({
        assignee: sql<string>`coalesce(${staffMembers.name}, 'Unassigned')`,
        leads: count(),
        answered: count(leads.firstResponseAt),
        medianMinutes: sql<string | null>`percentile_cont(0.5) within group (order by ${minutes})`,
        p90Minutes: sql<string | null>`percentile_cont(0.9) within group (order by ${minutes})`,
      })
      .from(leads)
      .leftJoin(staffMembers, eq(staffMembers.id, leads.assigneeId))
      .where(gte(leads.createdAt, since))
      .groupBy(staffMembers.name)
      .orderBy(staffMembers.name);
    const round = (value: string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
    return rows.map((row) => ({ ...row, medianMinutes: round(row.medianMinutes), p90Minutes: round(row.p90Minutes) }));
  }

  /** Leads and those won, per week since `since`. */
  async conversion(since: Date): Promise<LeadReport['conversion']> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'Africa/Nairobi'), 'YYYY-MM-DD')`;
    return this.db
      .select({ week, leads: count(), won: sql<number>`count(*) filter (where ${leads.status} = 'Won')::int` })
      .from(leads)
      .where(gte(leads.createdAt, since))
      .groupBy(week)
      .orderBy(week);
  }
}
