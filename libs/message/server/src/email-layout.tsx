import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { SITE_NAME } from '@dealership/shared-schemas';
import type { ReactElement, ReactNode } from 'react';

/** What every email says about the dealer: its phone and the site. */
export interface EmailSite {
  dealerPhone: string;
  /** The public site's origin, for links. */
  publicUrl: string;
}

/** A rendered email: its subject and both bodies. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const main = { backgroundColor: '#f4f5f7', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1a1b1e' };
const container = { backgroundColor: '#ffffff', margin: '0 auto', padding: '24px', maxWidth: '560px' };
const footer = { color: '#5c5f66', fontSize: '13px', lineHeight: '20px' };

/** `tel:` link of a phone number as people write it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The frame of every email: the dealer's name, a heading, the body, then how to reach the dealer. */
export function EmailLayout({ site, preview, heading, children }: { site: EmailSite; preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={main}>
        <Container style={container}>
          <Text style={{ fontSize: '14px', fontWeight: 700, color: '#1c7ed6', margin: 0 }}>{SITE_NAME}</Text>
          <Heading as="h1" style={{ fontSize: '22px', margin: '12px 0' }}>
            {heading}
          </Heading>
          <Section>{children}</Section>
          <Hr />
          <Text style={footer}>
            {SITE_NAME}, Mombasa · <Link href={telHref(site.dealerPhone)}>{site.dealerPhone}</Link> ·{' '}
            <Link href={site.publicUrl}>{site.publicUrl.replace(/^https?:\/\//, '')}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of an email. */
export function EmailText({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '15px', lineHeight: '22px', margin: '8px 0' }}>{children}</Text>;
}

/** One "Label: value" line of an email's details. */
export function EmailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ fontSize: '15px', lineHeight: '22px', margin: '2px 0' }}>
      <strong>{label}:</strong> {children}
    </Text>
  );
}

export { Link as EmailLink };

/**
 * Renders an email's element to its HTML and plain-text bodies. The renderer (with html-to-text
 * and htmlparser2, about 2 MB of heap) loads with the first email, not at start.
 */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
