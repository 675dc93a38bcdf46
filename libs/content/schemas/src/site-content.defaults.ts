import type { OpeningHours, SiteContent, SocialLinks } from './content.schemas';
import { DEFAULT_FAQ } from './default-faq';

const weekday = { closed: false, open: '08:00', close: '17:00' };

/** Spec §1's about-page hours, the ones test drives have always been booked in: Mon-Fri 08:00-17:00, Sat 08:00-13:00, closed on Sundays. */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  monday: weekday,
  tuesday: weekday,
  wednesday: weekday,
  thursday: weekday,
  friday: weekday,
  saturday: { closed: false, open: '08:00', close: '13:00' },
  sunday: { closed: true, open: '08:00', close: '17:00' },
};

/** The footer's networks as before (profile pages to fill in); TikTok is not shown until it has an address. */
export const DEFAULT_SOCIAL_LINKS: SocialLinks = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  x: 'https://x.com/',
  tiktok: '',
  youtube: 'https://www.youtube.com/',
};

/** Spec §1's footer reading of the default hours, kept as given while the hours are the defaults. */
export const FOOTER_OPENING_HOURS = 'Mon-Sat 8:00 AM to 6:00 PM';
/** The default hours in words (`openingHoursText(DEFAULT_OPENING_HOURS)`, which a test holds it to). */
export const DEFAULT_OPENING_HOURS_TEXT = 'Mon-Fri 08:00-17:00 and Sat 08:00-13:00';

/** The address the site has always shown. */
export const DEFAULT_ADDRESS = 'Mombasa, Kenya';

/** The content of a site nobody has edited yet: the phone is the configured one (`DEALER_PHONE`). */
export function defaultSiteContent(phone: string): SiteContent {
  return { ...placeholderSiteContent(phone), faq: DEFAULT_FAQ.map((entry) => ({ ...entry })) };
}

/**
 * What a page rendered in the browser shows until `content.current` arrives: the defaults without
 * the FAQ (only the home page shows it, and it is server-rendered with the real content).
 */
export function placeholderSiteContent(phone: string): SiteContent {
  return {
    faq: [],
    hours: DEFAULT_OPENING_HOURS,
    hoursText: DEFAULT_OPENING_HOURS_TEXT,
    footerHoursText: FOOTER_OPENING_HOURS,
    phone,
    whatsapp: '',
    email: '',
    address: DEFAULT_ADDRESS,
    mapUrl: '',
    social: DEFAULT_SOCIAL_LINKS,
    version: 0,
    updatedAt: null,
  };
}
