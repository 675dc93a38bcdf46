export { PAYMENT_GATEWAY, type PaymentGateway, type CardSale, type CardSaleResult } from './payment-gateway';
export { CardPaymentsDisabledError, PaymentDeclinedError, PaymentGatewayError, PaymentSettingsError, PaymentUnconfirmedError } from './payment.errors';
// The Braintree gateway itself is not exported: createPaymentGateway loads it (and the SDK) only when configured.
export { DisabledPaymentGateway } from './disabled-payment-gateway';
export { PaymentModule, createPaymentGateway } from './payment.module';
