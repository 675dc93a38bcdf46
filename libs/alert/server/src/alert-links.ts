import { APP_CONFIG, type AppConfig, type PurposeKeys, purposeKeys } from '@dealership/server-core';
import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe address a digest's `List-Unsubscribe` header gives (RFC 8058): a mail
 * provider posts `List-Unsubscribe=One-Click` to it (form-encoded: Nest's own parser reads it);
 * opened in a browser it leads to the unsubscribe page.
 */
export const ALERT_ONE_CLICK_PATH = '/api/alerts/unsubscribe';

/** What a signed link does: `c` confirms a subscriber's waiting alerts, `u` ends all their alerts. */
export type AlertLinkPurpose = 'c' | 'u';

/**
 * The confirm and unsubscribe links' tokens: `<purpose>.<subscriber id>.<signature>`, signed with a
 * key derived from the server's secret, so they need no sign-in and no stored row, work on every
 * instance, and cannot be made for another subscriber. They do not expire: an unsubscribe link
 * must work in an old message; a confirm link dies with the unconfirmed alerts (deleted after
 * ALERT_UNCONFIRMED_DAYS).
 */
@Injectable()
export class AlertLinks {
  private readonly keys: PurposeKeys;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.keys = purposeKeys(config, 'alert-links');
  }

  token(purpose: AlertLinkPurpose, subscriberId: string): string {
    return `${purpose}.${subscriberId}.${this.sign(this.keys.current.key, `${purpose}.${subscriberId}`)}`;
  }

  /** The page a link opens: it asks for one click (a mail scanner's prefetch changes nothing). */
  url(purpose: AlertLinkPurpose, subscriberId: string): string {
    const path = purpose === 'c' ? '/alerts/confirm' : '/alerts/unsubscribe';
    return `${this.config.publicUrl}${path}?token=${encodeURIComponent(this.token(purpose, subscriberId))}`;
  }

  /** The one-click unsubscribe address of a subscriber (`ALERT_ONE_CLICK_PATH`). */
  oneClickUrl(subscriberId: string): string {
    return `${this.config.publicUrl}${ALERT_ONE_CLICK_PATH}?token=${encodeURIComponent(this.token('u', subscriberId))}`;
  }

  /** The subscriber a token of `purpose` speaks for, or null when it is not one of ours. */
  verify(purpose: AlertLinkPurpose, token: string): string | null {
    const [given, subscriberId, signature, ...rest] = token.split('.');
    if (rest.length > 0 || given !== purpose || !subscriberId || !signature) return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(subscriberId)) return null;
    const actual = Buffer.from(signature);
    // Signed with the current key or a previous secret's (a link in an old message still works).
    const signedByUs = this.keys.all.some(({ key }) => {
      const expected = Buffer.from(this.sign(key, `${purpose}.${subscriberId}`));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    });
    return signedByUs ? subscriberId : null;
  }

  private sign(key: Buffer, payload: string): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }
}
