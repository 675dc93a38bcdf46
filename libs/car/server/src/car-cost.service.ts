import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { CarCost, CarCostFields, CarCosts } from '@dealership/car-schemas';
import { Injectable } from '@nestjs/common';
import { CarCostRepository } from './car-cost.repository';
import { CarCostNotFoundError, CarNotFoundError } from './car.errors';

/** What the audit log keeps of a cost line (its figures; the receipt and supplier as typed). */
export const auditedCost = (cost: CarCost) => ({
  costKind: cost.kind,
  costAmount: `${cost.amount} ${cost.currency}${cost.exchangeRate ? ` at ${cost.exchangeRate}` : ''}`,
  costKes: cost.amountKes,
  costSupplier: cost.supplier,
  costReceipt: cost.receipt,
});

/**
 * What each car cost (issue 46): owners record, correct and remove cost lines; each change is in
 * the audit log with the line before and after. The total and the margin at the asking price are
 * worked out on reading, so a price change moves the margin at once.
 */
@Injectable()
export class CarCostService {
  constructor(
    private readonly costs: CarCostRepository,
    private readonly audit: AuditService,
  ) {}

  async forCar(carId: string): Promise<CarCosts> {
    const found = await this.costs.forCar(carId);
    if (!found) throw new CarNotFoundError(carId);
    const totalKes = found.items.reduce((sum, item) => sum + item.amountKes, 0);
    return { carId, items: found.items, totalKes, priceKes: found.car.price, marginKes: found.car.price - totalKes };
  }

  async add(carId: string, cost: CarCostFields, actor: AuditActor): Promise<CarCosts> {
    const found = await this.costs.forCar(carId);
    if (!found) throw new CarNotFoundError(carId);
    const added = await this.costs.add(carId, cost, actor.name);
    await this.audit.record({ actor, entity: 'car', entityId: carId, label: found.car.name, action: 'update', after: auditedCost(added) });
    return this.forCar(carId);
  }

  async update(id: string, cost: CarCostFields, actor: AuditActor): Promise<CarCosts> {
    const changed = await this.costs.update(id, cost);
    if (!changed) throw new CarCostNotFoundError();
    await this.audit.record({
      actor,
      entity: 'car',
      entityId: changed.carId,
      action: 'update',
      before: auditedCost(changed.before),
      after: auditedCost(changed.after),
    });
    return this.forCar(changed.carId);
  }

  async remove(id: string, actor: AuditActor): Promise<CarCosts> {
    const removed = await this.costs.remove(id);
    if (!removed) throw new CarCostNotFoundError();
    await this.audit.record({ actor, entity: 'car', entityId: removed.carId, action: 'update', before: auditedCost(removed) });
    return this.forCar(removed.carId);
  }
}
