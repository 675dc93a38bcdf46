import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { CarCost, CarCreateWithDraftFields, CarDraft, CarStaff } from '@dealership/car-schemas';
import { MediaService } from '@dealership/media-server';
import { Injectable } from '@nestjs/common';
import { CarCostRepository } from './car-cost.repository';
import { auditedCost } from './car-cost.service';
import { CarDrafts } from './car-drafts';
import { CarDraftClosedError } from './car.errors';
import { CarService } from './car.service';

/**
 * The back office's "Trade-ins to list" (issue 46): the traded cars of delivered orders, listed
 * through Create Car or dismissed by staff (owners and sales alike: the purchase figure is never
 * shown to them, the listed car takes it as its purchase cost on the server, in its own creation).
 */
@Injectable()
export class CarDraftService {
  constructor(
    private readonly drafts: CarDrafts,
    private readonly cars: CarService,
    private readonly costs: CarCostRepository,
    private readonly audit: AuditService,
    private readonly media: MediaService,
  ) {}

  open(): Promise<CarDraft[]> {
    return this.drafts.open();
  }

  /**
   * Create Car; from a draft when `fromDraftId` is given: the draft closes as listed and the car
   * gets a purchase cost line (the offer's amount, its number as the receipt) in the car's
   * transaction, so a draft listed twice at once makes one car (the other is refused). The draft's
   * photos the car did not take are deleted unless the buyer's request still keeps them.
   */
  async create(input: CarCreateWithDraftFields, actor: AuditActor): Promise<CarStaff> {
    const { fromDraftId, ...fields } = input;
    if (!fromDraftId) return this.cars.create(fields, actor);
    let purchase: CarCost | undefined;
    let draftPhotos: string[] = [];
    const car = await this.cars.create(fields, actor, async (tx, carId) => {
      const claimed = await this.drafts.claim(tx, fromDraftId, carId, actor.name);
      if (!claimed) throw new CarDraftClosedError('fromDraftId');
      const { purchaseKes, offerReference, photos } = claimed;
      draftPhotos = photos.map((photo) => photo.publicId);
      const cost = { kind: 'purchase', currency: 'KES', amount: purchaseKes, amountKes: purchaseKes, exchangeRate: undefined } as const;
      purchase = await this.costs.add(carId, { ...cost, supplier: 'Trade-in', receipt: offerReference }, actor.name, tx);
    });
    if (purchase) await this.audit.record({ actor, entity: 'car', entityId: car.id, label: car.name, action: 'update', after: auditedCost(purchase) });
    await this.media.removeUnlessHeld(draftPhotos);
    return car;
  }

  async dismiss(id: string, actor: AuditActor): Promise<{ id: string }> {
    const dismissed = await this.drafts.dismiss(id, actor.name);
    if (!dismissed) throw new CarDraftClosedError('id');
    const { offerId, offerReference, title, photos } = dismissed;
    await this.audit.record({ actor, entity: 'trade-in-offer', entityId: offerId, label: offerReference, action: 'remove', before: { tradeInToList: title } });
    // Its photos go, unless the buyer's request still keeps them.
    await this.media.removeUnlessHeld(photos.map((photo) => photo.publicId));
    return { id };
  }
}
