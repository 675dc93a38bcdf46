import { type AuditActor, AuditService } from '@dealership/audit-server';
import { ContentService } from '@dealership/content-server';
import { openMinutesBetween } from '@dealership/content-schemas';
import {
  type BuyerLead,
  type BuyerLeadRecord,
  type Lead,
  type LeadAssignee,
  type LeadCreateFields,
  type LeadEvent,
  type LeadListFilters,
  type LeadPage,
  type LeadReport,
  type LeadSetStatusFields,
  LEAD_CONSENT_TEXT,
  LEAD_RESPONSE_LATE_MINUTES,
  nairobiTime,
  nairobiToday,
} from '@dealership/lead-schemas';
import { PeriodicJobs, type PersonalDataSubject, type Transaction } from '@dealership/server-db';
import { monthsBefore, normaliseKenyanPhone, RETENTION } from '@dealership/shared-schemas';
import { MediaService } from '@dealership/media-server';
import { emailMessage, Outbox, smsMessage } from '@dealership/message-server';
import { isIntakeRefusal, LeadThrottle } from '@dealership/server-auth';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LeadAssigneeNotStaffError, LeadCarNotFoundError, LeadNotFoundError, LeadPhotoNotOursError } from './lead.errors';
import {
  assignedLeadEmail,
  assignedLeadSms,
  buyerLeadEmail,
  buyerLeadSms,
  followUpEmail,
  followUpSms,
  lateLeadEmail,
  lateLeadSms,
  type LeadForMessages,
  staffLeadEmail,
  staffLeadSms,
} from './lead.messages';
import { LeadPersonalDataRepository } from './lead-personal-data.repository';
import { LeadReportRepository } from './lead-report.repository';
import { type LeadActor, type LeadAssigneeContact, LeadRepository } from './lead.repository';

/** How often waiting leads are checked (the owners' late alert) and follow-ups are due. */
export const LEAD_WATCH_INTERVAL_MS = 60 * 1000;
/** Follow-up reminders go from this time of the morning (Nairobi). */
const FOLLOW_UP_REMINDER_TIME = '08:00';

/** The activity log's note when a lead came past the hourly cap of every address together. */
const LEAD_MESSAGES_SHED = 'Lead kept without its messages: the hourly cap of requests from every address together is reached (LEAD_HOURLY_CAP)';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The rules of leads: routers delegate here, the repository queries. */
@Injectable()
export class LeadService implements OnModuleInit {
  private readonly logger = new Logger('LeadService');

  constructor(
    private readonly leads: LeadRepository,
    private readonly reports: LeadReportRepository,
    private readonly personalData: LeadPersonalDataRepository,
    private readonly throttle: LeadThrottle,
    private readonly audit: AuditService,
    private readonly media: MediaService,
    private readonly outbox: Outbox,
    private readonly jobs: PeriodicJobs,
    private readonly content: ContentService,
  ) {}

  onModuleInit() {
    // Once per period across every instance on the database.
    this.jobs.every('lead.watch', LEAD_WATCH_INTERVAL_MS, () =>
      Promise.all([this.alertLateLeads(), this.remindFollowUps()]).catch((error: unknown) => this.logger.warn(`lead watch failed: ${reason(error)}`)),
    );
  }

  /**
   * A buyer's request. Counted against the address's limits first (429 beyond them). A filled
   * honeypot (`website`, a field people never see) is a bot: answered like a success so it learns
   * nothing, and stored nowhere. A trade-in's photos must be buyers' uploads to this site that no
   * request has taken (`POST /api/media/lead-photo`): a foreign address would show in the staff's
   * inbox, and a catalogue picture or another buyer's photo is not this buyer's.
   */
  async create({ website, ...input }: LeadCreateFields, ip: string, buyerId?: string, sourcePage?: string): Promise<{ id: string }> {
    const { quiet } = await this.throttle.begin(ip).catch(async (error: unknown) => {
      // The staff see who hit the limits in the activity log (at most a row a minute per address).
      if (isIntakeRefusal(error)) await this.audit.recordThrottleTrip('lead', { ip }, error.message);
      throw error;
    });
    if (quiet) await this.audit.recordThrottleTrip('lead', { ip }, LEAD_MESSAGES_SHED);
    if (website) {
      this.logger.warn(`dropped a lead from ${ip}: the honeypot field was filled`);
      return { id: randomUUID() };
    }
    const photos = input.kind === 'trade-in' ? input.details.photos : [];
    const foreign = await this.media.firstForeignLeadPhoto(photos);
    if (foreign >= 0) throw new LeadPhotoNotOursError(foreign);
    const carId = ('carId' in input ? input.carId : undefined) ?? null;
    const car = carId ? await this.leads.carSummary(carId) : undefined;
    if (carId && !car) throw new LeadCarNotFoundError();
    // The messages are rendered first and written with the lead, in its transaction: the staff and
    // the buyer hear of every lead that is stored, and of none that is not.
    const lead: LeadForMessages = { id: randomUUID(), input, car: car ?? null };
    // The phone and opening hours the buyer reads are the ones the staff keep (content domain).
    const { phone, hours } = await this.content.current();
    const site = { ...this.outbox.site, dealerPhone: phone };
    const now = new Date();
    const staffEmail = await staffLeadEmail(lead, site);
    const stored = await this.leads.insert(
      {
        id: lead.id,
        kind: input.kind,
        name: input.name,
        phone: input.phone,
        email: input.email ?? null,
        message: input.message,
        carId,
        preferredDate: ('preferredDate' in input ? input.preferredDate : undefined) ?? null,
        preferredTime: input.kind === 'test-drive' ? input.preferredTime : null,
        details: 'details' in input ? input.details : null,
        buyerId: buyerId ?? null,
        sourcePage: sourcePage ?? null,
        // The contract refused the lead unless its box was ticked: the words the buyer agreed to, and when.
        consentedAt: now,
        consentText: LEAD_CONSENT_TEXT,
      },
      async (tx, { assignee }) => {
        // Past the hourly cap of every address together: kept, in the staff's inbox, without messages.
        if (quiet) return;
        // Assigned: the salesperson hears of it, the owners too; in the pool, every active staff member.
        await this.outbox.alertStaff(tx, { topic: 'lead.staff', reference: lead.id, email: staffEmail, sms: staffLeadSms(lead, site), ownersOnly: Boolean(assignee) });
        if (assignee) await this.tellAssignee(tx, assignee, 'lead.assigned', staffEmail, `Assigned to you: ${staffLeadSms(lead, site)}`, lead.id);
        const told = { ...lead, salesperson: assignee?.name };
        const buyerEmail = input.email ? await buyerLeadEmail(told, site, now, hours) : undefined;
        await this.outbox.enqueue(tx, [
          smsMessage(input.phone, 'lead.buyer', buyerLeadSms(told, site, now, hours), { reference: lead.id }),
          ...(input.email && buyerEmail ? [emailMessage(input.email, 'lead.buyer', buyerEmail, { reference: lead.id })] : []),
        ]);
      },
    );
    if (stored === 'car-not-found') throw new LeadCarNotFoundError();
    // Taken: the sweep of unclaimed buyer photos leaves them now.
    await this.media.attach(photos.map((photo) => photo.publicId));
    return stored;
  }

  /** The salesperson's email and SMS about a lead that is now theirs. */
  private async tellAssignee(
    tx: Transaction,
    assignee: LeadAssigneeContact,
    topic: 'lead.assigned' | 'lead.follow-up',
    email: Awaited<ReturnType<typeof staffLeadEmail>>,
    sms: string,
    reference: string,
  ): Promise<void> {
    const phone = normaliseKenyanPhone(assignee.phone);
    await this.outbox.enqueue(tx, [emailMessage(assignee.email, topic, email, { reference }), ...(phone ? [smsMessage(phone, topic, sms, { reference })] : [])]);
  }

  /** The inbox; `callerId` for the "mine" filter. */
  list(filters: LeadListFilters, callerId?: string): Promise<LeadPage> {
    return this.leads.page(filters, callerId);
  }

  /** A lead's timeline, oldest first. */
  async timeline(id: string): Promise<LeadEvent[]> {
    if (!(await this.leads.byId(id))) throw new LeadNotFoundError();
    return this.leads.timeline(id);
  }

  async addNote(id: string, body: string, actor: LeadActor): Promise<LeadEvent> {
    const event = await this.leads.addNote(id, body, actor);
    if (!event) throw new LeadNotFoundError();
    return event;
  }

  /** A call or message to the buyer; the first is the lead's first response. */
  async logContact(id: string, channel: 'call' | 'message', body: string | undefined, actor: LeadActor): Promise<Lead> {
    if (!(await this.leads.logContact(id, channel, body?.trim() || null, actor))) throw new LeadNotFoundError();
    return (await this.leads.byId(id)) as Lead;
  }

  /** An owner gives the lead to someone (who is told) or back to the pool; in the activity log. */
  async assign(id: string, assigneeId: string | null, actor: AuditActor): Promise<Lead> {
    const before = await this.leads.byId(id);
    if (!before) throw new LeadNotFoundError();
    const result = await this.leads.assign(id, assigneeId, actor, async (tx, { lead, assignee }) => {
      const email = await assignedLeadEmail(lead, actor.name, this.outbox.site);
      await this.tellAssignee(tx, assignee, 'lead.assigned', email, assignedLeadSms(lead, actor.name), id);
    });
    if (result === 'no-lead') throw new LeadNotFoundError();
    if (result === 'no-staff') throw new LeadAssigneeNotStaffError();
    const after = (await this.leads.byId(id)) as Lead;
    await this.audit.record({
      actor,
      entity: 'lead',
      entityId: id,
      label: `${before.name} (${before.phone})`,
      action: 'assign',
      before: { assignee: before.assignee?.name ?? null },
      after: { assignee: after.assignee?.name ?? null },
    });
    return after;
  }

  async setFollowUp(id: string, on: string | null, actor: LeadActor): Promise<Lead> {
    if (!(await this.leads.setFollowUp(id, on, actor))) throw new LeadNotFoundError();
    return (await this.leads.byId(id)) as Lead;
  }

  assignees(): Promise<LeadAssignee[]> {
    return this.leads.assignees();
  }

  /** The owner's figures of leads: per week by kind, by source page and by channel, and the conversion (12 weeks), response times per salesperson (90 days). */
  async report(now = new Date()): Promise<LeadReport> {
    const weeks = new Date(now.getTime() - 12 * 7 * 86_400_000);
    const [perWeek, perSource, perChannel, responseTimes, conversion] = await Promise.all([
      this.reports.perWeek(weeks),
      this.reports.perSource(weeks),
      this.reports.perChannel(weeks),
      this.reports.responseTimes(new Date(now.getTime() - 90 * 86_400_000)),
      this.reports.conversion(weeks),
    ]);
    return { perWeek, perSource, perChannel, responseTimes, conversion };
  }

  /** The leads matching the inbox's filters, in batches (the owner's CSV export). */
  exportRows(filters: Omit<LeadListFilters, 'page' | 'pageSize'>, callerId: string): AsyncGenerator<Lead[]> {
    return this.leads.exportRows(filters, callerId);
  }

  /** Everything stored of a person's requests, for their data export: sent signed in, or signed out with their proven email (`PersonalDataSubject`). */
  recordsOfBuyer(person: PersonalDataSubject): Promise<BuyerLeadRecord[]> {
    return this.personalData.recordsOfBuyer(person);
  }

  /**
   * A buyer deleted their account: their requests lose their personal fields in the caller's
   * transaction (as the retention job does, so the owner's counts stay right), and the staff's
   * messages about them go. Answers the photos to delete once it commits (`removePhotos`).
   */
  async forgetBuyer(person: PersonalDataSubject, tx: Transaction): Promise<{ count: number; photoIds: string[]; messagesDeleted: number }> {
    const { count, photoIds, ids } = await this.personalData.anonymiseOfBuyer(person, tx);
    return { count, photoIds, messagesDeleted: await this.outbox.forgetAbout(tx, ids) };
  }

  /** Deletes buyers' photos of anonymised leads (media domain); how many went. */
  removePhotos(photoIds: readonly string[]): Promise<number> {
    return this.media.removeLeadPhotos(photoIds);
  }

  /**
   * The privacy policy's periods for requests (RETENTION): those not won lose their personal
   * fields `leadMonths` after the last contact, won ones `saleYears` after it; their photos are
   * deleted. What was done, for the activity log.
   */
  async applyRetention(now = new Date()): Promise<{ leadsAnonymised: number; leadPhotosDeleted: number }> {
    const { count, photoIds } = await this.personalData.anonymiseExpired(monthsBefore(now, RETENTION.leadMonths), monthsBefore(now, RETENTION.saleYears * 12));
    return { leadsAnonymised: count, leadPhotosDeleted: await this.removePhotos(photoIds) };
  }

  /** A signed-in buyer's own requests. */
  mine(buyerId: string): Promise<BuyerLead[]> {
    return this.personalData.ofBuyer(buyerId);
  }

  /**
   * New leads with no response after LEAD_RESPONSE_LATE_MINUTES of opening hours: the owners are
   * told once per lead (email and SMS, through the outbox).
   */
  async alertLateLeads(now = new Date()): Promise<string[]> {
    const alerted: string[] = [];
    // The opening hours the staff keep (content domain): a lead waits only while the showroom is open.
    const { hours } = await this.content.current();
    for (const { id, createdAt } of await this.leads.unansweredSince(new Date(now.getTime() - LEAD_RESPONSE_LATE_MINUTES * 60_000))) {
      const minutes = openMinutesBetween(createdAt, now, hours);
      if (minutes < LEAD_RESPONSE_LATE_MINUTES) continue;
      const sent = await this.leads.markLateAlerted(id, async (tx, { lead }) =>
        this.outbox.alertStaff(tx, { topic: 'lead.late', reference: id, email: await lateLeadEmail(lead, minutes, this.outbox.site), sms: lateLeadSms(lead, minutes), ownersOnly: true }),
      );
      if (sent) alerted.push(id);
    }
    return alerted;
  }

  /** From 08:00 (Nairobi) on a follow-up's day, its assignee (the owners for a lead in the pool) is reminded once. */
  async remindFollowUps(now = new Date()): Promise<string[]> {
    if (nairobiTime(now) < FOLLOW_UP_REMINDER_TIME) return [];
    const today = nairobiToday(now);
    const reminded: string[] = [];
    for (const id of await this.leads.followUpsDue(today)) {
      const sent = await this.leads.markFollowUpReminded(id, today, async (tx, { lead, assignee }) => {
        const email = await followUpEmail(lead, this.outbox.site);
        if (assignee) await this.tellAssignee(tx, assignee, 'lead.follow-up', email, followUpSms(lead), id);
        else await this.outbox.alertStaff(tx, { topic: 'lead.follow-up', reference: id, email, sms: followUpSms(lead), ownersOnly: true });
      });
      if (sent) reminded.push(id);
    }
    return reminded;
  }

  /** The staff move a lead along the pipeline (New, Contacted, Won, Lost), with their note; in the activity log. */
  async setStatus({ id, status, note }: LeadSetStatusFields, actor: AuditActor): Promise<Lead> {
    const before = await this.leads.byId(id);
    if (!before || !(await this.leads.setStatus(id, status, note, actor))) throw new LeadNotFoundError();
    const after = (await this.leads.byId(id)) as Lead;
    await this.audit.record({
      actor,
      entity: 'lead',
      entityId: id,
      label: `${before.name} (${before.phone})`,
      action: 'setStatus',
      before: { status: before.status, note: before.note },
      after: { status: after.status, note: after.note },
    });
    return after;
  }
}
