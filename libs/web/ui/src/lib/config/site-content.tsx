import { defaultSiteContent, type SiteContent } from '@dealership/content-schemas';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSiteConfig } from './site-config';

const SiteContentContext = createContext<SiteContent | null>(null);

/** Provides the site's content (`content.current`: FAQ, hours, contacts, social links) to the pages and the footer. */
export function SiteContentProvider({ value, children }: { value: SiteContent; children: ReactNode }) {
  return <SiteContentContext.Provider value={value}>{children}</SiteContentContext.Provider>;
}

/** The site's content; the defaults with the configured phone where no provider gives it (tests of one component). */
export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  const { dealerPhone } = useSiteConfig();
  const fallback = useMemo(() => (content ? null : defaultSiteContent(dealerPhone)), [content, dealerPhone]);
  return content ?? (fallback as SiteContent);
}

/** The number WhatsApp links go to: the WhatsApp number, or the phone when it has none. */
export function whatsappNumber(content: Pick<SiteContent, 'whatsapp' | 'phone'>): string {
  return content.whatsapp || content.phone;
}
