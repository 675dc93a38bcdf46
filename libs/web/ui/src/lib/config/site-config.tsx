import { createContext, useContext, type ReactNode } from 'react';

export { SITE_NAME } from '@dealership/shared-schemas';

/** Runtime settings the shell hands to shared components. */
export interface SiteConfig {
  /** The dealer's public phone number, e.g. "+254 700 000 000" (the site content's, `DEALER_PHONE` by default). */
  dealerPhone: string;
  /** The number WhatsApp links go to (the site content's WhatsApp number, else its phone); `dealerPhone` when not given. */
  whatsappPhone?: string;
  /** Absolute origin of the public site, for canonical and Open Graph URLs. */
  publicUrl: string;
}

const defaultConfig: SiteConfig = { dealerPhone: '+254 700 000 000', publicUrl: 'http://localhost:3000' };

const SiteConfigContext = createContext<SiteConfig>(defaultConfig);

/** Provides the runtime site configuration to `Seo` and friends. */
export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

/** The runtime site configuration. */
export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}

/** `tel:` href for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/** Kenya's country calling code: a local number (07.., 01..) is dialled from abroad as 254... */
const KENYA_CALLING_CODE = '254';

/**
 * WhatsApp chat link to a phone number with a prefilled message. wa.me wants the international
 * number as digits only, so a local "0711 ..." becomes "254711...".
 */
export function whatsappHref(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, '');
  const international = phone.trim().startsWith('+') || !digits.startsWith('0') ? digits : `${KENYA_CALLING_CODE}${digits.slice(1)}`;
  return `https://wa.me/${international}?text=${encodeURIComponent(text)}`;
}
