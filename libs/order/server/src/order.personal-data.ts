import { HoldsPersonalData, type PersonalDataHolder, type PersonalDataSubject, type Transaction } from '@dealership/server-db';
import { Injectable } from '@nestjs/common';
import { OrderService } from './order.service';

/** Buyers' orders, for the privacy rights and the retention periods (the user domain gathers them). */
@HoldsPersonalData()
@Injectable()
export class OrderPersonalData implements PersonalDataHolder {
  readonly personalDataKey = 'orders';

  constructor(private readonly orders: OrderService) {}

  // Orders are placed signed in: the account's are all of them.
  exportOf({ userId }: PersonalDataSubject) {
    return this.orders.mine(userId);
  }

  async forget({ userId }: PersonalDataSubject, tx: Transaction) {
    const forgotten = await this.orders.forgetBuyer(userId, tx);
    return { counts: { ordersAnonymised: forgotten.orders, orderMessagesDeleted: forgotten.messages } };
  }

  async applyRetention(now: Date) {
    return { ordersAnonymised: await this.orders.applyRetention(now) };
  }
}
