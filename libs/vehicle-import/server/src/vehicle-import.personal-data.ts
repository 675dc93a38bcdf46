import { Outbox } from '@dealership/message-server';
import { HoldsPersonalData, type PersonalDataHolder, type PersonalDataSubject, type Transaction } from '@dealership/server-db';
import { monthsBefore, RETENTION } from '@dealership/shared-schemas';
import { Injectable } from '@nestjs/common';
import { MpesaDepositService } from '@dealership/order-server';
import { IMPORT_PAYABLE } from './import-payable';
import { ImportTrackingLinks } from './import-tracking-links';
import { toVehicleImport } from './import-views';
import { VehicleImportRepository } from './vehicle-import.repository';

/**
 * Buyers' imports, for the privacy rights and the retention periods (the user domain gathers them).
 * An import is a sale: kept as orders are (RETENTION.saleYears after its last change), then its
 * buyer's personal fields go; the car, price and milestones stay for the books.
 */
@HoldsPersonalData()
@Injectable()
export class VehicleImportPersonalData implements PersonalDataHolder {
  readonly personalDataKey = 'imports';

  constructor(
    private readonly imports: VehicleImportRepository,
    private readonly links: ImportTrackingLinks,
    private readonly outbox: Outbox,
    private readonly mpesa: MpesaDepositService,
  ) {}

  // The account's imports, and those opened for the email or phone the account proved (an import request is sent without signing in).
  async exportOf({ userId, verifiedEmail, verifiedPhone }: PersonalDataSubject) {
    const stored = await this.imports.ofPerson({ userId, email: verifiedEmail, phone: verifiedPhone });
    // Staff notes are the dealer's working notes, not the buyer's data; the rest is theirs.
    return stored.map((item) => {
      const { staffNote: _note, trackingUrl: _url, warnings: _warnings, milestones, ...fields } = toVehicleImport(item, this.links.url(item.row.id), []);
      return { ...fields, milestones: milestones.map(({ staffNote: _staff, recordedBy: _by, ...milestone }) => milestone) };
    });
  }

  async forget({ userId, verifiedEmail, verifiedPhone }: PersonalDataSubject, tx: Transaction) {
    const ids = await this.imports.anonymise(tx, { person: { userId, email: verifiedEmail, phone: verifiedPhone } });
    // The M-Pesa requests that paid them (the order domain's table) keep no number either.
    await this.mpesa.forgetPayable(tx, IMPORT_PAYABLE, ids);
    return { counts: { importsAnonymised: ids.length, importMessagesDeleted: await this.outbox.forgetAbout(tx, ids) } };
  }

  async applyRetention(now: Date) {
    const ids = await this.imports.transaction(async (tx) => {
      const anonymised = await this.imports.anonymise(tx, { lastChangeBefore: monthsBefore(now, RETENTION.saleYears * 12) });
      await this.mpesa.forgetPayable(tx, IMPORT_PAYABLE, anonymised);
      return anonymised;
    });
    return { importsAnonymised: ids.length };
  }
}
