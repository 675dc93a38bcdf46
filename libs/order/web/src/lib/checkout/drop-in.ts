// Braintree's Drop-in, bundled from npm into this module's own lazy chunk: it is imported only
// when a buyer chooses "Pay by card", never by the public pages. Its stylesheet ships in the same
// chunk from our origin, so the page's CSP needs no Braintree host for styles or scripts.
import { create, type Dropin } from 'braintree-web-drop-in';
import 'braintree-web-drop-in/dropin.css';

/** The id the Drop-in looks for before it adds its own stylesheet from Braintree's asset host. */
const DROP_IN_STYLESHEET_ID = 'braintree-dropin-stylesheet';

/** A mounted card form. */
export interface CardForm {
  /** Validates the card fields and returns a one-time nonce for the server's sale. */
  requestNonce(): Promise<string>;
  /** Forgets the entered card (after a decline the buyer enters another one). */
  clear(): void;
  teardown(): Promise<void>;
}

/** Mounts the Drop-in's card form (card only: no PayPal, Venmo, wallets or vault) into `container`. */
export async function mountCardForm(container: HTMLElement, clientToken: string): Promise<CardForm> {
  // Our bundled stylesheet stands in for Braintree's: the Drop-in adds none while this id exists
  // (it removes the marker again on teardown).
  if (!document.getElementById(DROP_IN_STYLESHEET_ID)) {
    const marker = document.createElement('meta');
    marker.id = DROP_IN_STYLESHEET_ID;
    document.head.appendChild(marker);
  }
  const dropin: Dropin = await create({
    authorization: clientToken,
    container,
    card: { cardholderName: { required: false } },
    vaultManager: false,
    preselectVaultedPaymentMethod: false,
  });
  return {
    requestNonce: async () => (await dropin.requestPaymentMethod()).nonce,
    clear: () => dropin.clearSelectedPaymentMethod(),
    teardown: () => dropin.teardown(),
  };
}
