export { PAYMENT_GATEWAY, type PaymentGateway, type CardSale, type CardSaleResult } from './payment-gateway';
export { CardPaymentsDisabledError, PaymentGatewayError, PaymentSettingsError, PaymentUnconfirmedError } from './payment.errors';
// The Braintree gateway itself is not exported: createPaymentGateway loads it (and the SDK) only when configured.
export { DisabledPaymentGateway } from './disabled-payment-gateway';
export { PaymentModule } from './payment.module';
export { MPESA_GATEWAY, type MpesaGateway, type MpesaPushRequest, MpesaPaymentsDisabledError, MpesaRejectedError } from './mpesa/mpesa-gateway';
export type { StkPushAccepted, StkQueryResult } from './mpesa/daraja-client';
export { parseStkCallback, mpesaResultMessage, mpesaResultOutcome, type StkCallbackResult } from './mpesa/stk-callback';
