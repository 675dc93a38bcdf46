import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { Content, ContentCreateFields, ContentListFilters, ContentPage, ContentUpdateFields } from '@dealership/content-schemas';
import { Injectable } from '@nestjs/common';
import { ContentNotFoundError } from './content.errors';
import { ContentRepository } from './content.repository';

/** The rules of contents: routers delegate here, the repository queries. Every write is in the activity log. */
@Injectable()
export class ContentService {
  constructor(
    private readonly contents: ContentRepository,
    private readonly audit: AuditService,
  ) {}

  list(filters: ContentListFilters): Promise<ContentPage> {
    return this.contents.page(filters);
  }

  async byId(id: string): Promise<Content> {
    const found = await this.contents.byId(id);
    if (!found) throw new ContentNotFoundError();
    return found;
  }

  async create(input: ContentCreateFields, actor: AuditActor): Promise<Content> {
    const created = await this.contents.insert(input);
    await this.audit.record({ actor, entity: 'content', entityId: created.id, label: created.name, action: 'create', after: created });
    return created;
  }

  async update(input: ContentUpdateFields, actor: AuditActor): Promise<Content> {
    const { id, ...fields } = input;
    const before = await this.contents.byId(id);
    if (!before) throw new ContentNotFoundError();
    const updated = await this.contents.update(id, fields);
    if (!updated) throw new ContentNotFoundError();
    await this.audit.record({ actor, entity: 'content', entityId: id, label: updated.name, action: 'update', before, after: updated });
    return updated;
  }

  async remove(id: string, actor: AuditActor): Promise<void> {
    const removed = await this.contents.remove(id);
    if (!removed) throw new ContentNotFoundError();
    await this.audit.record({ actor, entity: 'content', entityId: id, label: removed.name, action: 'remove', before: removed });
  }
}
