import { APP_CONFIG_ELEMENT_ID, parseAppConfig, type AppConfig } from './app-config';
import { readStyleNonce } from './csp-nonce';

// The only module that reads runtime configuration (house style principle 4).
const DEFAULT_DEALER_PHONE = '+254 700 000 000';

/** Runtime configuration: injected by the server, with dev-server fallbacks. */
export const env: AppConfig = parseAppConfig(document.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent, {
  dealerPhone: import.meta.env.VITE_DEALER_PHONE ?? DEFAULT_DEALER_PHONE,
  publicUrl: import.meta.env.VITE_PUBLIC_URL ?? window.location.origin,
});

/**
 * The nonce the page's Content-Security-Policy allows `<style>` elements with, for the ones Mantine
 * adds at run time. Undefined on the Vite dev server, which sends no policy.
 */
export const styleNonce: string | undefined = readStyleNonce(document);
