import { createContext, useContext, type ReactNode } from 'react';

/** The dealership's public name, used in titles and structured data. */
export const SITE_NAME = 'Mombasa Car Dealership';

/** Runtime settings the shell hands to shared components. */
export interface SiteConfig {
  /** The dealer's public phone number, e.g. "+254 700 000 000". */
  dealerPhone: string;
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
