import { APP_CONFIG, type AppConfig, type PurposeKeys, purposeKeys } from '@dealership/server-core';
import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The buyer's tracking link of an import: `/imports/track/<import id>.<signature>`, signed with a
 * key derived from the server's secret, so it needs no sign-in and no stored row, works on every
 * instance, and cannot be made for another import. It opens that import's tracking page and
 * nothing else (no account, no other import).
 */
@Injectable()
export class ImportTrackingLinks {
  private readonly keys: PurposeKeys;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.keys = purposeKeys(config, 'import-tracking');
  }

  token(importId: string): string {
    return `${importId}.${this.sign(this.keys.current.key, importId)}`;
  }

  /** The page's path (the app's own links) and its full address (messages). */
  path(importId: string): string {
    return `/imports/track/${this.token(importId)}`;
  }

  url(importId: string): string {
    return `${this.config.publicUrl}${this.path(importId)}`;
  }

  /** The import a token speaks for, or null when it is not one of ours. */
  verify(token: string): string | null {
    const [importId, signature, ...rest] = token.split('.');
    if (rest.length > 0 || !importId || !signature || !UUID.test(importId)) return null;
    const actual = Buffer.from(signature);
    // Signed with the current key or a previous secret's (a link in an old message still works).
    const ours = this.keys.all.some(({ key }) => {
      const expected = Buffer.from(this.sign(key, importId));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    });
    return ours ? importId : null;
  }

  private sign(key: Buffer, importId: string): string {
    return createHmac('sha256', key).update(`import:${importId}`).digest('base64url');
  }
}
