import type { MpesaPayment, Order } from '@dealership/order-schemas';
import { emailMessage, Outbox, smsMessage } from '@dealership/message-server';
import type { Alongside, Transaction } from '@dealership/server-db';
import { normaliseKenyanPhone } from '@dealership/shared-schemas';
import { Injectable } from '@nestjs/common';
import {
  buyerDepositEmail,
  buyerDepositSms,
  buyerHoldExpiredEmail,
  buyerHoldExpiredSms,
  buyerHoldReminderEmail,
  buyerHoldReminderSms,
  buyerOrderEmail,
  buyerOrderSms,
  buyerStatusEmail,
  buyerStatusSms,
  lateOrderEmail,
  lateOrderSms,
  staffDepositEmail,
  staffDepositSms,
  staffOrderEmail,
  staffOrderSms,
} from './order.messages';
import type { DepositPaid } from './mpesa-payment.repository';
import { emailOfBuyer } from './order-rows';

/**
 * Who hears of an order's changes, written to the outbox in the change's own transaction (the
 * repositories run these `alongside` their writes): the buyer by email and SMS, the staff by alert.
 */
@Injectable()
export class OrderAnnouncements {
  constructor(private readonly outbox: Outbox) {}

  /** The messages about these orders and M-Pesa requests go (their buyer's data is being erased), in `tx`; how many. */
  forgetAbout(tx: Transaction, references: readonly string[]): Promise<number> {
    return this.outbox.forgetAbout(tx, references);
  }

  /** A placed order (a reservation, or a card order once paid): the staff and the buyer hear of it, in its transaction. */
  readonly placed: Alongside<{ order: Order }> = async (tx, { order }) => {
    const site = this.outbox.site;
    const email = order.buyer ? await emailOfBuyer(tx, order.buyer.id) : undefined;
    const [staffEmail, buyerEmail] = await Promise.all([staffOrderEmail(order, site), email ? buyerOrderEmail(order, site) : undefined]);
    const phone = order.contact.phone ? normaliseKenyanPhone(order.contact.phone) : null;
    await this.outbox.alertStaff(tx, { topic: 'order.staff', reference: order.id, email: staffEmail, sms: staffOrderSms(order, site) });
    await this.outbox.enqueue(tx, [
      ...(email && buyerEmail ? [emailMessage(email, 'order.buyer', buyerEmail, { reference: order.id })] : []),
      ...(phone ? [smsMessage(phone, 'order.buyer', buyerOrderSms(order, site), { reference: order.id })] : []),
    ]);
  };

  /** The staff moved an order on: the buyer hears of it, in the change's transaction. */
  readonly status: Alongside<{ order: Order }> = async (tx, { order }) => {
    const site = this.outbox.site;
    const email = order.buyer ? await emailOfBuyer(tx, order.buyer.id) : undefined;
    const phone = order.contact.phone ? normaliseKenyanPhone(order.contact.phone) : null;
    await this.outbox.enqueue(tx, [
      ...(email ? [emailMessage(email, 'order.status', await buyerStatusEmail(order, site), { reference: order.id })] : []),
      ...(phone ? [smsMessage(phone, 'order.status', buyerStatusSms(order, site), { reference: order.id })] : []),
    ]);
  };

  /** An order still Not Process a working day after it was placed: the owners hear of it (`LateOrders`), in the transaction that marks it. */
  readonly late: Alongside<{ order: Order }> = async (tx, { order }) => {
    await this.outbox.alertStaff(tx, { topic: 'order.late', reference: order.id, email: await lateOrderEmail(order, this.outbox.site), sms: lateOrderSms(order), ownersOnly: true });
  };

  /** The buyer hears that their reservation's hold ends soon, or has ended. */
  hold(kind: 'reminder' | 'expired', endsAt?: Date): Alongside<{ order: Order }> {
    return async (tx, { order }) => {
      const site = this.outbox.site;
      const email = order.buyer ? await emailOfBuyer(tx, order.buyer.id) : undefined;
      const phone = order.contact.phone ? normaliseKenyanPhone(order.contact.phone) : null;
      const topic = kind === 'reminder' ? 'order.hold-reminder' : 'order.hold-expired';
      const mail = kind === 'reminder' ? await buyerHoldReminderEmail(order, endsAt as Date, site) : await buyerHoldExpiredEmail(order, site);
      const sms = kind === 'reminder' ? buyerHoldReminderSms(order, endsAt as Date, site) : buyerHoldExpiredSms(order, site);
      await this.outbox.enqueue(tx, [
        ...(email ? [emailMessage(email, topic, mail, { reference: order.id })] : []),
        ...(phone ? [smsMessage(phone, topic, sms, { reference: order.id })] : []),
      ]);
    };
  }

  /** A paid deposit: the buyer gets its receipt and the new hold, the staff an alert (with what to check when it cannot be applied as it is). */
  readonly deposit: Alongside<DepositPaid> = async (tx, { order, payment, problem }) => {
    await this.staffDeposit(tx, order, payment, problem);
    if (problem) return;
    const site = this.outbox.site;
    const email = order.buyer ? await emailOfBuyer(tx, order.buyer.id) : undefined;
    await this.outbox.enqueue(tx, [
      ...(email ? [emailMessage(email, 'order.deposit', await buyerDepositEmail(order, payment.receipt, site), { reference: payment.id })] : []),
      smsMessage(payment.phone, 'order.deposit', buyerDepositSms(order, payment.receipt, site), { reference: payment.id }),
    ]);
  };

  /** The staff hear of a paid deposit, or of an M-Pesa payment to check by hand (`problem`). */
  async staffDeposit(tx: Transaction, order: Order, payment: MpesaPayment, problem?: string): Promise<void> {
    const site = this.outbox.site;
    await this.outbox.alertStaff(tx, {
      topic: 'order.deposit-staff',
      reference: payment.id,
      email: await staffDepositEmail(order, payment, site, problem),
      sms: staffDepositSms(order, payment, problem),
    });
  }
}
