import { placeholderSiteContent, type SiteContent } from '@dealership/content-schemas';
import { createContext, useContext, type ReactNode } from 'react';
import { useSiteConfig } from './site-config';

const SiteContentContext = createContext<SiteContent | null>(null);

/** Provides the site's content (`content.current`: FAQ, hours, contacts, social links) to the pages and the footer. */
export function SiteContentProvider({ value, children }: { value: SiteContent; children: ReactNode }) {
  return <SiteContentContext.Provider value={value}>{children}</SiteContentContext.Provider>;
}

/**
 * The site's content. The app always provides it; without a provider (a component rendered on its
 * own) it is the placeholder: the defaults without the FAQ, with the configured phone.
 */
export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  const { dealerPhone } = useSiteConfig();
  return content ?? placeholderSiteContent(dealerPhone);
}
