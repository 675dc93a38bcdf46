/** Nest token of the `PaymentGateway` the order module charges cards through. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

/** One card sale: the amount is whole KES from the database, never the client's figure. */
export interface CardSale {
  amountKes: number;
  /** The Drop-in's one-time payment method nonce. */
  nonce: string;
  /** Our order's id, sent as the gateway's order id (it shows in the merchant's control panel). */
  orderId: string;
}

/** A sale the gateway accepted and submitted for settlement. */
export interface CardSaleResult {
  transactionId: string;
  /** The gateway's transaction status (`submitted_for_settlement`). */
  status: string;
}

/**
 * Card payments, behind one port: Braintree through its official SDK when `BRAINTREE_*` is set,
 * otherwise a gateway that says card payments are off. Orders never talk to an SDK directly.
 */
export interface PaymentGateway {
  /** Whether card payments are configured. */
  readonly cardPayments: boolean;
  /**
   * A client token for the Drop-in. Throws `CardPaymentsDisabledError` (503) when card payments
   * are off, `PaymentGatewayError` (502) when the gateway fails or times out.
   */
  clientToken(): Promise<string>;
  /**
   * Charges the card and submits the sale for settlement. Throws `PaymentDeclinedError` (402,
   * with the processor's text) when the sale is declined or refused, `PaymentGatewayError` (502)
   * when the gateway fails or times out, `CardPaymentsDisabledError` (503) when off.
   */
  sale(sale: CardSale): Promise<CardSaleResult>;
  /**
   * The sale the gateway holds for our order, when a `sale` failed without an answer (a timeout
   * or a 5xx does not prove the card was not charged) or never finished (a crash): one that took
   * or will take the money (authorized, submitted for settlement, settling, settled), never a
   * voided, failed, declined or rejected one. `null` when there is none, and always when card
   * payments are off. Throws `PaymentGatewayError` (502) when the gateway cannot be asked: the
   * sale's fate is still unknown then.
   */
  findSale(orderId: string): Promise<CardSaleResult | null>;
}
