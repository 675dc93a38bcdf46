import type { MessageTopic } from '@dealership/message-schemas';
import { LinkifyIt } from 'linkify-it';

// What keeps the dealer's SMS and email from being borrowed: no link a visitor typed reaches an
// SMS, and an address someone typed (not proved theirs) gets only a few messages.

// Fuzzy links too (`evil.co.ke/pay`, `bit.ly/x`, a bare address): a phishing link needs no scheme.
// linkify-it (markdown-it's link finder) rather than our own pattern: it knows hosts, TLDs and emails.
const links = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

/** What stands where a link was. */
export const REMOVED_LINK = '[link removed]';

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The SMS text with every link that is not to our own site (`ownUrl`'s host) written `[link
 * removed]`: the templates put a visitor's words (a name, a car they typed) into staff alerts, and
 * a name such as "Refund https://..." must not send the dealer's number out with a stranger's link.
 * An email address counts as a link too. Our own links (the back office, an alert's page) stay.
 */
export function withoutForeignLinks(text: string, ownUrl: string): string {
  const found = links.match(text);
  if (!found) return text;
  const own = hostOf(ownUrl);
  let result = '';
  let at = 0;
  for (const link of found) {
    result += text.slice(at, link.index) + (own && hostOf(link.url) === own ? link.raw : REMOVED_LINK);
    at = link.lastIndex;
  }
  return result + text.slice(at);
}

/**
 * Messages to an address someone typed without proving it is theirs (a lead's phone and email, an
 * alert sign-up, a new email to confirm): at most `perHour` and `perDay` of them reach one address,
 * whoever asks and from wherever; the rest are kept as `withheld`, not sent (the request itself, a
 * lead say, is kept). A reset link and a verification link are capped per address already (one
 * account per email: `EMAIL_LINK_THROTTLE`); staff, order and alert messages go to accounts or to
 * addresses that confirmed them.
 */
export const TYPED_ADDRESS_CAP = {
  topics: ['lead.buyer', 'alert.confirm', 'email.change'] satisfies MessageTopic[] as readonly MessageTopic[],
  perHour: 3,
  perDay: 10,
} as const;
