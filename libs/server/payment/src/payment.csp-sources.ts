import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { ContributesCspSources, type CspContribution, type CspSources } from '@dealership/server-http';
import { Inject, Injectable } from '@nestjs/common';

/**
 * What the Braintree Drop-in (bundled from npm into the checkout's lazy chunk: no script, style or
 * image from Braintree's hosts) reaches when card payments are on: the card fields' iframes and
 * the gateway's client API. Measured in Chromium with the card form only (no PayPal, wallets or
 * 3-D Secure). Site-wide, not per page: a visitor who lands on / and walks to /cart keeps the
 * first page's policy. The analytics hosts are left out: blocked, the form still works.
 */
export function braintreeCspSources(braintree: AppConfig['braintree'] | undefined): CspSources {
  if (!braintree) return {};
  const sandbox = braintree.environment === 'sandbox';
  return {
    'frame-src': ['https://assets.braintreegateway.com'],
    'connect-src': sandbox
      ? ['https://api.sandbox.braintreegateway.com', 'https://payments.sandbox.braintree-api.com']
      : ['https://api.braintreegateway.com', 'https://payments.braintree-api.com'],
  };
}

/** The card form's hosts, when Braintree is configured. */
@ContributesCspSources()
@Injectable()
export class PaymentCspSources implements CspContribution {
  constructor(@Inject(APP_CONFIG) private readonly config: Partial<Pick<AppConfig, 'braintree'>>) {}

  cspSources(): CspSources {
    return braintreeCspSources(this.config.braintree);
  }
}
