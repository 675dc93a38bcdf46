import { HoldsPersonalData, type PersonalDataHolder, type PersonalDataSubject, type Transaction } from '@dealership/server-db';
import { Injectable } from '@nestjs/common';
import { LeadService } from './lead.service';

/** Buyers' requests, for the privacy rights and the retention periods (the user domain gathers them). */
@HoldsPersonalData()
@Injectable()
export class LeadPersonalData implements PersonalDataHolder {
  readonly personalDataKey = 'leads';

  constructor(private readonly leads: LeadService) {}

  exportOf(person: PersonalDataSubject) {
    return this.leads.recordsOfBuyer(person);
  }

  async forget(person: PersonalDataSubject, tx: Transaction) {
    const { count, photoIds, messagesDeleted } = await this.leads.forgetBuyer(person, tx);
    return { counts: { leadsAnonymised: count, leadMessagesDeleted: messagesDeleted }, afterCommit: async () => ({ leadPhotosDeleted: await this.leads.removePhotos(photoIds) }) };
  }

  applyRetention(now: Date) {
    return this.leads.applyRetention(now);
  }
}
