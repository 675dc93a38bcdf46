import { HoldsPersonalData, type PersonalDataHolder, type PersonalDataSubject, type Transaction } from '@dealership/server-db';
import { Injectable } from '@nestjs/common';
import { AlertService } from './alert.service';

/** Buyers' alerts, for the privacy rights and the retention periods (the user domain gathers them). */
@HoldsPersonalData()
@Injectable()
export class AlertPersonalData implements PersonalDataHolder {
  readonly personalDataKey = 'alerts';

  constructor(private readonly alerts: AlertService) {}

  // The account's alerts (signed-out sign-ups are confirmed from their own address and unsubscribed by their own link).
  exportOf({ userId }: PersonalDataSubject) {
    return this.alerts.recordsOfUser(userId);
  }

  async forget({ userId, verifiedEmail }: PersonalDataSubject, tx: Transaction) {
    return { counts: { alertsDeleted: await this.alerts.forgetUser(userId, verifiedEmail, tx) } };
  }

  applyRetention(now: Date) {
    return this.alerts.applyRetention(now);
  }
}
