import type { CardSaleResult, PaymentGateway } from './payment-gateway';
import { CardPaymentsDisabledError } from './payment.errors';

/** The gateway when `BRAINTREE_*` is unset: card payments are off, orders are reservations. */
export class DisabledPaymentGateway implements PaymentGateway {
  readonly cardPayments = false;

  clientToken(): Promise<string> {
    return Promise.reject(new CardPaymentsDisabledError());
  }

  sale(): Promise<CardSaleResult> {
    return Promise.reject(new CardPaymentsDisabledError());
  }

  /** Nothing can have been charged through a gateway that is off. */
  findSale(): Promise<CardSaleResult | null> {
    return Promise.resolve(null);
  }
}
