import { type AuditActor, AuditService } from '@dealership/audit-server';
import { defaultSiteContent, hoursInWords, type OpeningHours, type SiteContent, type SiteContentFields, siteContentFields } from '@dealership/content-schemas';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Inject, Injectable } from '@nestjs/common';
import { ContentChanges } from './content-changes';
import { ContentRepository, SITE_CONTENT_ID, type StoredSiteContent } from './content.repository';

/** Deep-frozen, so a caller changing the shared cached object fails loudly instead of changing it for every later reader. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/**
 * The site's editable content: the FAQ, the opening hours, the contact details and the social
 * links. Read on every page, so each instance keeps it in memory under the content's generation
 * (`ContentChanges`): an edit here or on another instance (its notification) drops it at once.
 */
@Injectable()
export class ContentService {
  private cached?: { generation: number; content: SiteContent };

  constructor(
    private readonly contents: ContentRepository,
    private readonly audit: AuditService,
    private readonly changes: ContentChanges,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'dealerPhone'>,
  ) {}

  /** The content in force: the defaults (and `DEALER_PHONE`) until the staff edit it. */
  async current(): Promise<SiteContent> {
    // The generation read before the query: an edit that lands meanwhile moves it, so this copy is never served after it.
    const generation = this.changes.version;
    if (generation !== undefined && this.cached?.generation === generation) return this.cached.content;
    const content = deepFreeze(this.toContent(await this.contents.read()));
    if (generation !== undefined) this.cached = { generation, content };
    return content;
  }

  /** The opening hours in force: the lead domain's test-drive slots and the buyer's acknowledgement read them here. */
  async openingHours(): Promise<OpeningHours> {
    return (await this.current()).hours;
  }

  /** The public phone in force. */
  async phone(): Promise<string> {
    return (await this.current()).phone;
  }

  /** Replaces the content, recorded in the activity log with each changed field before and after. */
  async update(input: SiteContentFields, actor: AuditActor): Promise<SiteContent> {
    const before = await this.current();
    // The configured phone is stored as "the configured one", so a new DEALER_PHONE still applies.
    const phone = input.phone === this.config.dealerPhone ? null : input.phone;
    const stored = await this.changes.after(this.contents.write({ ...input, phone }));
    const after = this.toContent(stored);
    await this.audit.record({
      actor,
      entity: 'content',
      entityId: SITE_CONTENT_ID,
      label: 'Site content',
      action: 'update',
      before: siteContentFields(before),
      after: siteContentFields(after),
    });
    return after;
  }

  private toContent(stored: StoredSiteContent | undefined): SiteContent {
    if (!stored) return defaultSiteContent(this.config.dealerPhone);
    return { ...stored, ...hoursInWords(stored.hours), phone: stored.phone ?? this.config.dealerPhone };
  }
}

