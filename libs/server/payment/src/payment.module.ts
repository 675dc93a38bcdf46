import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Global, Module } from '@nestjs/common';
import { BraintreePaymentGateway } from './braintree-payment-gateway';
import { DisabledPaymentGateway } from './disabled-payment-gateway';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway';

/** Braintree when its three credentials are configured, otherwise a gateway that says card payments are off. */
export function createPaymentGateway(config: Pick<AppConfig, 'braintree'>): PaymentGateway {
  return config.braintree ? new BraintreePaymentGateway(config.braintree) : new DisabledPaymentGateway();
}

/** Provides `PAYMENT_GATEWAY` (from `APP_CONFIG`) to every module: import it once, in the API module. */
@Global()
@Module({
  providers: [{ provide: PAYMENT_GATEWAY, inject: [APP_CONFIG], useFactory: createPaymentGateway }],
  exports: [PAYMENT_GATEWAY],
})
export class PaymentModule {}
