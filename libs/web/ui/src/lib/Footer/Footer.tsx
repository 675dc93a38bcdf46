import { sitePath } from '@dealership/shared-schemas';
import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME, telHref } from '../config/site-config';
import { ClockIcon, FacebookIcon, InstagramIcon, MapPinIcon, PhoneIcon, XIcon, YouTubeIcon } from '../icons/icons';
import { Logo } from '../Logo/Logo';
import classes from './Footer.module.css';

/**
 * Footer quick links (spec §2), each to a real page (`/inventory` is moved to `/cars`). The spec's
 * Blog link returns when the blog has posts: a link to an empty page was a dead end. `/sitemap.xml`
 * is served by the server, not the router.
 */
export const FOOTER_QUICK_LINKS = [
  { to: '/inventory', label: 'Inventory' },
  { to: sitePath('services'), label: 'Services' },
  { to: sitePath('financing'), label: 'Financing' },
  { to: sitePath('testimonials'), label: 'Testimonials' },
  { to: sitePath('privacyPolicy'), label: 'Privacy Policy' },
  { to: sitePath('terms'), label: 'Terms & Conditions' },
] as const;

/** Opening hours as the footer states them (spec §1). */
export const FOOTER_OPENING_HOURS = 'Mon-Sat 8:00 AM to 6:00 PM';

export type SocialNetwork = 'facebook' | 'instagram' | 'x' | 'youtube';

const SOCIAL: Record<SocialNetwork, { label: string; icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  facebook: { label: 'Facebook', icon: FacebookIcon },
  instagram: { label: 'Instagram', icon: InstagramIcon },
  x: { label: 'X (Twitter)', icon: XIcon },
  youtube: { label: 'YouTube', icon: YouTubeIcon },
};

/** Default profile URLs; the shell may pass the dealer's own. */
export const DEFAULT_SOCIAL_LINKS: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  x: 'https://x.com/',
  youtube: 'https://www.youtube.com/',
};

export interface FooterProps {
  /** The dealer's public phone number. */
  dealerPhone: string;
  socialLinks?: Record<SocialNetwork, string>;
}

const YEAR = new Date().getFullYear();

/** Site footer: quick links, contact details, opening hours and social links. */
export function Footer({ dealerPhone, socialLinks = DEFAULT_SOCIAL_LINKS }: FooterProps) {
  return (
    <footer className={classes.footer}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Logo inverted />
            <Text size="sm" c="gray.4">
              New, foreign-used and locally used vehicles in Mombasa, with import on your behalf, financing and trade-ins.
            </Text>
          </Stack>

          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className={classes.heading}>
              Quick Links
            </h2>
            <ul className={classes.list}>
              {FOOTER_QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={classes.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a href="/sitemap.xml" className={classes.link}>
                  Sitemap
                </a>
              </li>
            </ul>
          </nav>

          <address style={{ fontStyle: 'normal' }}>
            <h2 className={classes.heading}>Contact Us</h2>
            <Stack gap="xs">
              <div className={classes.contactRow}>
                <PhoneIcon width={18} height={18} />
                <a href={telHref(dealerPhone)} className={classes.link}>
                  {dealerPhone}
                </a>
              </div>
              <div className={classes.contactRow}>
                <MapPinIcon width={18} height={18} />
                <span>Mombasa, Kenya</span>
              </div>
            </Stack>
          </address>

          <div>
            <h2 className={classes.heading}>Opening Hours</h2>
            <div className={classes.contactRow}>
              <ClockIcon width={18} height={18} />
              <span>{FOOTER_OPENING_HOURS}</span>
            </div>
            <h2 className={classes.heading} style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
              Follow Us
            </h2>
            <ul className={classes.list} style={{ display: 'flex', gap: 10 }}>
              {(Object.keys(SOCIAL) as SocialNetwork[]).map((network) => {
                const { label, icon: Icon } = SOCIAL[network];
                return (
                  <li key={network}>
                    <a href={socialLinks[network]} className={classes.social} aria-label={label} target="_blank" rel="noopener noreferrer">
                      <Icon width={20} height={20} />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        </SimpleGrid>
        <div className={classes.bottom}>
          © {YEAR} {SITE_NAME}. All rights reserved.
        </div>
      </Container>
    </footer>
  );
}
