import type { Transaction } from '@dealership/server-db';
import { Injectable } from '@nestjs/common';

/** What is due on a payable now, as the M-Pesa prompt and the card sale ask it. */
export interface PayableDue {
  amountKes: number;
  /** Daraja's AccountReference (at most 12 characters): the number the buyer's M-Pesa message quotes. */
  accountReference: string;
  /** Daraja's TransactionDesc (at most 13 characters). */
  description: string;
}

/** Money in for a payable: one paid M-Pesa request or card sale. */
export interface PayablePayment {
  /** The M-Pesa request's or the card payment's id (`mpesa_payments` / `payable_card_payments`). */
  requestId: string;
  amountKes: number;
  method: 'mpesa' | 'card';
  /** The M-Pesa receipt or the card transaction's id; null while an M-Pesa receipt is to follow. */
  reference: string | null;
}

/**
 * Something other than an order that buyers pay online through the order domain's payment
 * lifecycles (M-Pesa Express: the push, the callback, the status queries, the mismatch and
 * late-answer rules; cards: the sale, the lookup of an unanswered one, the reconciliation):
 * another domain registers it under a kind (an import's deposit and balance, issue 45), so the
 * order domain never reads that domain's tables.
 */
export interface Payable {
  /**
   * In the transaction that starts a payment: locks the payable and says what is due now, or, as
   * a sentence for the buyer, why nothing is (a 409 names it). `undefined`: no such payable.
   */
  due(tx: Transaction, id: string, now: Date): Promise<PayableDue | { nothingDue: string } | undefined>;
  /** In the transaction that settles a paid request or sale (once each): the money is in. */
  paid(tx: Transaction, id: string, payment: PayablePayment, now: Date): Promise<void>;
  /**
   * An M-Pesa payment the staff must settle by hand (the amount or number Daraja reported is not
   * what was asked, so it was not applied): the payable's domain tells them, in `tx`.
   */
  toCheck(tx: Transaction, id: string, payment: { requestId: string; amountKes: number; phone: string; receipt: string | null }, problem: string): Promise<void>;
}

/** The payables registered by kind ('vehicle-import'). */
@Injectable()
export class Payables {
  private readonly payables = new Map<string, Payable>();

  register(kind: string, payable: Payable): void {
    if (this.payables.has(kind)) throw new Error(`A payable '${kind}' is registered already`);
    this.payables.set(kind, payable);
  }

  of(kind: string): Payable {
    const payable = this.payables.get(kind);
    if (!payable) throw new Error(`No payable '${kind}' is registered`);
    return payable;
  }
}
