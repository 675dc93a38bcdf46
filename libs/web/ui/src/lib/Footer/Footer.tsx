import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '@dealership/content-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME, telHref } from '../config/site-config';
import { useSiteContent } from '../config/site-content';
import { ClockIcon, FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, TikTokIcon, XIcon, YouTubeIcon } from '../icons/footer-icons';
import { PhoneIcon } from '../icons/icons';
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

const SOCIAL_ICONS: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  x: XIcon,
  tiktok: TikTokIcon,
  youtube: YouTubeIcon,
};

const YEAR = new Date().getFullYear();

/** Site footer: quick links, contact details, opening hours and social links, as the staff keep them (`content.current`). */
export function Footer() {
  const content = useSiteContent();
  const networks = SOCIAL_NETWORKS.filter((network) => content.social[network] !== '');
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
                <a href={telHref(content.phone)} className={classes.link}>
                  {content.phone}
                </a>
              </div>
              {content.email ? (
                <div className={classes.contactRow}>
                  <MailIcon width={18} height={18} />
                  <a href={`mailto:${content.email}`} className={classes.link}>
                    {content.email}
                  </a>
                </div>
              ) : null}
              <div className={classes.contactRow}>
                <MapPinIcon width={18} height={18} />
                {/* With a map link, the address opens the map; without one it is text (an <a> without href is no link to crawlers). */}
                {content.mapUrl ? (
                  <a href={content.mapUrl} className={classes.link} target="_blank" rel="noopener noreferrer">
                    {content.address}
                  </a>
                ) : (
                  <span>{content.address}</span>
                )}
              </div>
            </Stack>
          </address>

          <div>
            <h2 className={classes.heading}>Opening Hours</h2>
            <div className={classes.contactRow}>
              <ClockIcon width={18} height={18} />
              <span>{content.footerHoursText}</span>
            </div>
            <h2 className={classes.heading} style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
              Follow Us
            </h2>
            <ul className={classes.list} style={{ display: 'flex', gap: 10 }}>
              {networks.map((network) => {
                const Icon = SOCIAL_ICONS[network];
                return (
                  <li key={network}>
                    <a href={content.social[network]} className={classes.social} aria-label={SOCIAL_NETWORK_LABELS[network]} target="_blank" rel="noopener noreferrer">
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
