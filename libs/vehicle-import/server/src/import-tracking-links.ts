import { APP_CONFIG, type AppConfig, SignedIds } from '@dealership/server-core';
import { Inject, Injectable } from '@nestjs/common';

/**
 * The buyer's tracking link of an import: `/imports/track/<import id>.<signature>` (SignedIds). It
 * opens that import's tracking page and nothing else (no account, no other import).
 */
@Injectable()
export class ImportTrackingLinks {
  private readonly ids: SignedIds;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.ids = new SignedIds(config, 'import-tracking');
  }

  /** The page's path (the app's own links) and its full address (messages). */
  path(importId: string): string {
    return `/imports/track/${this.ids.token(importId)}`;
  }

  url(importId: string): string {
    return `${this.config.publicUrl}${this.path(importId)}`;
  }

  /** The import a token speaks for, or null when it is not one of ours. */
  verify(token: string): string | null {
    return this.ids.verify(token);
  }
}
