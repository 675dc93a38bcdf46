import { APP_CONFIG, type AppConfig, SignedIds } from '@dealership/server-core';
import { Inject, Injectable } from '@nestjs/common';

/** The buyer's link to an offer: `/trade-in-offer/<offer id>.<signature>` (SignedIds); it opens that offer and nothing else. */
@Injectable()
export class TradeInOfferLinks {
  private readonly ids: SignedIds;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.ids = new SignedIds(config, 'trade-in-offer');
  }

  url(offerId: string): string {
    return `${this.config.publicUrl}/trade-in-offer/${this.ids.token(offerId)}`;
  }

  verify(token: string): string | null {
    return this.ids.verify(token);
  }
}
