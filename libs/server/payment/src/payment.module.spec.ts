import { APP_CONFIG, type AppConfig, loadConfig } from '@dealership/server-core';
import { ErrorCode } from '@dealership/shared-schemas';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { BraintreePaymentGateway } from './braintree-payment-gateway';
import { DisabledPaymentGateway } from './disabled-payment-gateway';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway';
import { CardPaymentsDisabledError } from './payment.errors';
import { PaymentModule } from './payment.module';
import { startBraintreeStub } from './testing';

@Global()
@Module({})
class ConfigModule {
  static with(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/** A module that does not import PaymentModule, as the order module will not. */
@Module({})
class ConsumerModule {}

async function gatewayFor(env: Record<string, string>): Promise<PaymentGateway> {
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.with(loadConfig({ NODE_ENV: 'test', ...env })), PaymentModule, ConsumerModule],
  }).compile();
  // Global: resolvable from a module that does not import PaymentModule.
  return moduleRef.select(ConsumerModule).get<PaymentGateway>(PAYMENT_GATEWAY, { strict: false });
}

describe('PaymentModule', () => {
  it('provides a disabled gateway without BRAINTREE_*: both calls are 503s, and it holds no sale', async () => {
    const gateway = await gatewayFor({});
    expect(gateway).toBeInstanceOf(DisabledPaymentGateway);
    expect(gateway.cardPayments).toBe(false);
    await expect(gateway.clientToken()).rejects.toThrow(CardPaymentsDisabledError);
    await expect(gateway.sale({ amountKes: 100, nonce: 'n', orderId: 'o' })).rejects.toMatchObject({
      code: ErrorCode.Unavailable,
      message: expect.stringContaining('reserve the car'),
    });
    await expect(gateway.findSale('o')).resolves.toBeNull();
  });

  it('provides Braintree when its credentials are configured', async () => {
    const stub = await startBraintreeStub();
    try {
      const gateway = await gatewayFor(stub.env);
      expect(gateway).toBeInstanceOf(BraintreePaymentGateway);
      expect(gateway.cardPayments).toBe(true);
      await expect(gateway.sale({ amountKes: 2_150_000, nonce: 'fake-valid-nonce', orderId: 'order-2' })).resolves.toMatchObject({
        status: 'submitted_for_settlement',
      });
      expect(stub.requests).toEqual([expect.objectContaining({ amount: '2150000.00', authenticated: true })]);
    } finally {
      await stub.close();
    }
  });
});
