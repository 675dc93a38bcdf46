import { type AuditActor, AuditService } from '@dealership/audit-server';
import { ContentService } from '@dealership/content-server';
import type { Lead, LeadCreateFields, LeadListFilters, LeadPage, LeadSetStatusFields } from '@dealership/lead-schemas';
import { MediaService } from '@dealership/media-server';
import { emailMessage, Outbox, smsMessage } from '@dealership/message-server';
import { LeadThrottle } from '@dealership/server-auth';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LeadCarNotFoundError, LeadNotFoundError, LeadPhotoNotOursError } from './lead.errors';
import { buyerLeadEmail, buyerLeadSms, type LeadForMessages, staffLeadEmail, staffLeadSms } from './lead.messages';
import { LeadRepository } from './lead.repository';

/** The rules of leads: routers delegate here, the repository queries. */
@Injectable()
export class LeadService {
  private readonly logger = new Logger('LeadService');

  constructor(
    private readonly leads: LeadRepository,
    private readonly throttle: LeadThrottle,
    private readonly audit: AuditService,
    private readonly media: MediaService,
    private readonly outbox: Outbox,
    private readonly content: ContentService,
  ) {}

  /**
   * A buyer's request. Counted against the address's limits first (429 beyond them). A filled
   * honeypot (`website`, a field people never see) is a bot: answered like a success so it learns
   * nothing, and stored nowhere. A trade-in's photos must be buyers' uploads to this site that no
   * request has taken (`POST /api/media/lead-photo`): a foreign address would show in the staff's
   * inbox, and a catalogue picture or another buyer's photo is not this buyer's.
   */
  async create({ website, ...input }: LeadCreateFields, ip: string): Promise<{ id: string }> {
    await this.throttle.begin(ip);
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
    const [staffEmail, buyerEmail] = await Promise.all([staffLeadEmail(lead, site), input.email ? buyerLeadEmail(lead, site, now, hours) : undefined]);
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
      },
      async (tx) => {
        await this.outbox.alertStaff(tx, { topic: 'lead.staff', reference: lead.id, email: staffEmail, sms: staffLeadSms(lead, site) });
        await this.outbox.enqueue(tx, [
          smsMessage(input.phone, 'lead.buyer', buyerLeadSms(lead, site, now, hours), { reference: lead.id }),
          ...(input.email && buyerEmail ? [emailMessage(input.email, 'lead.buyer', buyerEmail, { reference: lead.id })] : []),
        ]);
      },
    );
    if (stored === 'car-not-found') throw new LeadCarNotFoundError();
    // Taken: the sweep of unclaimed buyer photos leaves them now.
    await this.media.attach(photos.map((photo) => photo.publicId));
    return stored;
  }

  list(filters: LeadListFilters): Promise<LeadPage> {
    return this.leads.page(filters);
  }

  /** The staff move a lead along the pipeline (New, Contacted, Won, Lost), with their note; in the activity log. */
  async setStatus({ id, status, note }: LeadSetStatusFields, actor: AuditActor): Promise<Lead> {
    const before = await this.leads.byId(id);
    if (!before || !(await this.leads.setStatus(id, status, note))) throw new LeadNotFoundError();
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
