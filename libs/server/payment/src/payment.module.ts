import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Global, Module } from '@nestjs/common';
import { DisabledPaymentGateway } from './disabled-payment-gateway';
import { createMpesaGateway, MPESA_GATEWAY } from './mpesa/mpesa-gateway';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway';
import { PaymentCspSources } from './payment.csp-sources';

/**
 * Braintree when its three credentials are configured, otherwise a gateway that says card payments
 * are off. The SDK (and its dependencies, about 3 MB of a server's heap) loads only when configured.
 */
export async function createPaymentGateway(config: Pick<AppConfig, 'braintree'>): Promise<PaymentGateway> {
  if (!config.braintree) return new DisabledPaymentGateway();
  const { BraintreePaymentGateway } = await import('./braintree-payment-gateway');
  return new BraintreePaymentGateway(config.braintree);
}

/**
 * Provides `PAYMENT_GATEWAY` and `MPESA_GATEWAY` (from `APP_CONFIG`) to every module, and the card form's CSP sources:
 * import it once, in the API module.
 */
@Global()
@Module({
  providers: [
    { provide: PAYMENT_GATEWAY, inject: [APP_CONFIG], useFactory: createPaymentGateway },
    { provide: MPESA_GATEWAY, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createMpesaGateway(config) },
    PaymentCspSources,
  ],
  exports: [PAYMENT_GATEWAY, MPESA_GATEWAY],
})
export class PaymentModule {}
