import { PaymentCspSources } from './payment.csp-sources';

describe('PaymentCspSources', () => {
  const braintree = { environment: 'sandbox' as const, merchantId: 'm', publicKey: 'p', privateKey: 'k', timeoutMs: 20_000 };

  it('lets the card form reach Braintree only when card payments are configured, for its environment', () => {
    expect(new PaymentCspSources({ braintree: null }).cspSources()).toEqual({});
    expect(new PaymentCspSources({}).cspSources()).toEqual({});
    expect(new PaymentCspSources({ braintree }).cspSources()).toEqual({
      'frame-src': ['https://assets.braintreegateway.com'],
      'connect-src': ['https://api.sandbox.braintreegateway.com', 'https://payments.sandbox.braintree-api.com'],
    });
    expect(new PaymentCspSources({ braintree: { ...braintree, environment: 'production' } }).cspSources()).toEqual({
      'frame-src': ['https://assets.braintreegateway.com'],
      'connect-src': ['https://api.braintreegateway.com', 'https://payments.braintree-api.com'],
    });
  });
});
