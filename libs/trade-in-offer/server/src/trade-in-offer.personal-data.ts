import { Outbox } from '@dealership/message-server';
import { HoldsPersonalData, type PersonalDataHolder, type PersonalDataSubject, type Transaction } from '@dealership/server-db';
import { monthsBefore, RETENTION } from '@dealership/shared-schemas';
import { Injectable } from '@nestjs/common';
import { TradeInOfferRepository } from './trade-in-offer.repository';
import { TradeInOfferService } from './trade-in-offer.service';

/**
 * Trade-in offers, for the privacy rights and retention: an offer goes to the contacts typed in a
 * request, so a person's are those for the email or phone their account proved, and those the
 * account accepted signed in. Kept like a lead
 * that did not sell (RETENTION.leadMonths after its last change), then its buyer's fields go.
 */
@HoldsPersonalData()
@Injectable()
export class TradeInOfferPersonalData implements PersonalDataHolder {
  readonly personalDataKey = 'tradeInOffers';

  constructor(
    private readonly offers: TradeInOfferRepository,
    private readonly service: TradeInOfferService,
    private readonly outbox: Outbox,
  ) {}

  async exportOf({ userId, verifiedEmail, verifiedPhone }: PersonalDataSubject) {
    return (await this.offers.ofPerson(verifiedEmail, verifiedPhone, userId)).map((row) => {
      const { createdBy: _staff, offerUrl: _url, ...offer } = this.service.toOffer(row);
      return offer;
    });
  }

  async forget({ userId, verifiedEmail, verifiedPhone }: PersonalDataSubject, tx: Transaction) {
    const ids = await this.offers.anonymise(tx, { email: verifiedEmail, phone: verifiedPhone, userId });
    return { counts: { tradeInOffersAnonymised: ids.length, tradeInOfferMessagesDeleted: await this.outbox.forgetAbout(tx, ids) } };
  }

  async applyRetention(now: Date) {
    const ids = await this.offers.transaction((tx) => this.offers.anonymise(tx, { lastChangeBefore: monthsBefore(now, RETENTION.leadMonths) }));
    return { tradeInOffersAnonymised: ids.length };
  }
}
