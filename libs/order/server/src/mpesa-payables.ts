import type { MpesaPayment } from '@dealership/order-schemas';
import type { Transaction } from '@dealership/server-db';
import { Injectable } from '@nestjs/common';

/** What is due on a payable now, as the M-Pesa prompt asks it. */
export interface PayableDue {
  amountKes: number;
  /** Daraja's AccountReference (at most 12 characters): the number the buyer's M-Pesa message quotes. */
  accountReference: string;
  /** Daraja's TransactionDesc (at most 13 characters). */
  description: string;
}

/**
 * Something other than an order's deposit that buyers pay by M-Pesa Express through the deposits'
 * request lifecycle (the push, the callback, the status queries, the mismatch and late-answer
 * rules): another domain registers it under a kind (an import's deposit and balance, issue 45),
 * so the order domain never reads that domain's tables.
 */
export interface MpesaPayable {
  /**
   * In the transaction that starts a request: locks the payable and says what is due now, or, as
   * a sentence for the buyer, why nothing is (a 409 names it). `undefined`: no such payable.
   */
  due(tx: Transaction, id: string, now: Date): Promise<PayableDue | { nothingDue: string } | undefined>;
  /** In the transaction that settles a paid request (once per request): the money is in. */
  paid(tx: Transaction, id: string, payment: MpesaPayment & { receipt: string | null }, now: Date): Promise<void>;
}

/** The payables registered by kind ('vehicle-import'). */
@Injectable()
export class MpesaPayables {
  private readonly payables = new Map<string, MpesaPayable>();

  register(kind: string, payable: MpesaPayable): void {
    if (this.payables.has(kind)) throw new Error(`An M-Pesa payable '${kind}' is registered already`);
    this.payables.set(kind, payable);
  }

  of(kind: string): MpesaPayable {
    const payable = this.payables.get(kind);
    if (!payable) throw new Error(`No M-Pesa payable '${kind}' is registered`);
    return payable;
  }
}
