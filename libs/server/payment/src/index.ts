export { PAYMENT_GATEWAY, type PaymentGateway, type CardSale, type CardSaleResult } from './payment-gateway';
export { CardPaymentsDisabledError, PaymentDeclinedError, PaymentGatewayError, PaymentSettingsError, PaymentUnconfirmedError } from './payment.errors';
export { BraintreePaymentGateway, braintreeEnvironment } from './braintree-payment-gateway';
export { DisabledPaymentGateway } from './disabled-payment-gateway';
export { PaymentModule, createPaymentGateway } from './payment.module';
