import { DomainError, ErrorCode } from '@dealership/shared-schemas';

/** Card payments are not configured: the client offers reservations only. */
export class CardPaymentsDisabledError extends DomainError {
  constructor() {
    super(ErrorCode.Unavailable, 'Card payments are not available; reserve the car and pay at the showroom');
  }
}

/** The processor declined the card (or the gateway refused the sale): its text, for the buyer. */
export class PaymentDeclinedError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.PaymentRequired, message || 'The payment was declined');
  }
}

/** The gateway failed, answered nonsense or did not answer in time. */
export class PaymentGatewayError extends DomainError {
  constructor(message = 'The payment service did not answer; nothing was charged. Please try again') {
    super(ErrorCode.BadGateway, message);
  }
}

/**
 * The gateway refused our credentials or ids (authentication, authorization, unknown merchant):
 * a 502 like any gateway failure, but retrying will not help until the dealer fixes `BRAINTREE_*`.
 */
export class PaymentSettingsError extends PaymentGatewayError {
  constructor() {
    super("Card payments are not working: the dealer's payment settings are wrong. Nothing was charged; please reserve the car and pay at the showroom");
  }
}

/**
 * The sale failed without an answer and the gateway could not be asked whether it went through:
 * the card may have been charged. The order stays pending (its cars held) until the sale is found
 * or known to be missing; the buyer must not pay again.
 */
export class PaymentUnconfirmedError extends PaymentGatewayError {
  constructor() {
    super(
      'Your payment could not be confirmed yet: the payment service did not answer. Please do not pay again; your cars are held and the dealer will confirm the payment shortly',
    );
  }
}
