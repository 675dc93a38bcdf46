import { Outbox, smsMessage } from '@dealership/message-server';
import { type PayablePayment, Payables } from '@dealership/order-server';
import type { Transaction } from '@dealership/server-db';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes, nairobiDate } from '@dealership/shared-util';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ImportTrackingLinks } from './import-tracking-links';
import { carName, nextPayment } from './import-views';
import { paymentSms, paymentToCheckEmail } from './vehicle-import.messages';
import { type ImportRow, VehicleImportRepository } from './vehicle-import.repository';

/** The kind an import's online payments are filed under (`payable_kind` of M-Pesa requests and card payments). */
export const IMPORT_PAYABLE = 'vehicle-import';

/**
 * An import's deposit and balance, paid online through the order domain's payment lifecycles
 * (M-Pesa Express: push, callback, status queries, late answers; cards: the sale, its lookup and
 * reconciliation): what is due is read with the import locked, and a paid request or sale becomes
 * one of the import's payments, with the buyer's receipt by SMS, in the transaction that settles it
 * (once each).
 */
@Injectable()
export class ImportPayable implements OnModuleInit {
  constructor(
    private readonly payables: Payables,
    private readonly imports: VehicleImportRepository,
    private readonly links: ImportTrackingLinks,
    private readonly outbox: Outbox,
  ) {}

  onModuleInit() {
    this.payables.register(IMPORT_PAYABLE, {
      due: async (tx, id) => {
        const row = await this.imports.lock(tx, id);
        if (!row) return undefined;
        const next = nextPayment(row, await this.imports.paidKes(tx, id));
        if (!next) return { nothingDue: `Import ${row.reference} is paid in full: nothing is due` };
        // Daraja's AccountReference (12 characters at most) is the number the buyer's M-Pesa message quotes.
        return { amountKes: next.amountKes, accountReference: row.reference, description: next.kind === 'deposit' ? 'Deposit' : 'Balance' };
      },
      paid: (tx, id, payment, now) => this.paid(tx, id, payment, now),
      toCheck: async (tx, id, payment, problem) => {
        const row = await this.imports.lock(tx, id);
        if (row) await this.alertStaff(tx, row, { amountKes: payment.amountKes, how: `M-Pesa from ${payment.phone || 'an erased number'}${payment.receipt ? ` (receipt ${payment.receipt})` : ''}`, reference: payment.requestId }, problem);
      },
    });
  }

  /** The staff hear of a payment to settle by hand, in its transaction. */
  private async alertStaff(tx: Transaction, row: ImportRow, payment: { amountKes: number; how: string; reference: string }, problem: string): Promise<void> {
    const importUrl = `${this.outbox.site.publicUrl}${sitePath('adminImport', { id: row.id })}`;
    await this.outbox.alertStaff(tx, {
      topic: 'import.payment-staff',
      reference: payment.reference,
      email: await paymentToCheckEmail({ reference: row.reference, car: carName(row), amountKes: payment.amountKes, how: payment.how, problem, importUrl }, this.outbox.site),
      sms: `Check payment, import ${row.reference}: ${problem}`,
    });
  }

  private async paid(tx: Transaction, id: string, payment: PayablePayment, now: Date): Promise<void> {
    const row = await this.imports.lock(tx, id);
    // The import cannot go while a payment for it is open (imports are never deleted, only anonymised).
    if (!row) throw new Error(`Import ${id} is gone: its ${payment.method} payment ${payment.requestId} cannot be recorded`);
    await this.imports.addPayment(tx, {
      importId: id,
      amountKes: payment.amountKes,
      method: payment.method,
      reference: payment.reference ?? `M-Pesa request ${payment.requestId.slice(0, 8)}`,
      receivedOn: nairobiDate(now),
      // Recorded by the payment itself, as the staff's list shows it (no one typed it in).
      recordedBy: payment.method === 'mpesa' ? 'M-Pesa' : 'Card',
    });
    const paidKes = await this.imports.paidKes(tx, id);
    // Two prompts both answered, or a card and M-Pesa at once: the money is in and recorded; the staff refund the excess.
    if (paidKes > row.agreedPriceKes) {
      const how = payment.method === 'mpesa' ? `M-Pesa${payment.reference ? ` (receipt ${payment.reference})` : ''}` : `card (transaction ${payment.reference ?? '?'})`;
      await this.alertStaff(tx, row, { amountKes: payment.amountKes, how, reference: payment.requestId }, `Paid ${formatKes(paidKes)} against an agreed price of ${formatKes(row.agreedPriceKes)}: refund the buyer ${formatKes(paidKes - row.agreedPriceKes)}`);
    }
    // An anonymised import keeps no number to text.
    if (!row.buyerPhone) return;
    await this.outbox.enqueue(tx, [
      smsMessage(
        row.buyerPhone,
        'import.payment',
        paymentSms({ reference: row.reference, amountKes: payment.amountKes, method: payment.method, receipt: payment.reference, paidKes, agreedPriceKes: row.agreedPriceKes, trackingUrl: this.links.url(id) }),
        // Filed under the import, so the buyer's erasure deletes it with the import's other messages.
        { reference: id },
      ),
    ]);
  }
}
