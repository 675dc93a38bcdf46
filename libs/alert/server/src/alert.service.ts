import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { Alert, AlertCreateFields, AlertListFilters, AlertPage, AlertUpdateFields } from '@dealership/alert-schemas';
import { Injectable } from '@nestjs/common';
import { AlertNotFoundError } from './alert.errors';
import { AlertRepository } from './alert.repository';

/** The rules of alerts: routers delegate here, the repository queries. Every write is in the activity log. */
@Injectable()
export class AlertService {
  constructor(
    private readonly alerts: AlertRepository,
    private readonly audit: AuditService,
  ) {}

  list(filters: AlertListFilters): Promise<AlertPage> {
    return this.alerts.page(filters);
  }

  async byId(id: string): Promise<Alert> {
    const found = await this.alerts.byId(id);
    if (!found) throw new AlertNotFoundError();
    return found;
  }

  async create(input: AlertCreateFields, actor: AuditActor): Promise<Alert> {
    const created = await this.alerts.insert(input);
    await this.audit.record({ actor, entity: 'alert', entityId: created.id, label: created.name, action: 'create', after: created });
    return created;
  }

  async update(input: AlertUpdateFields, actor: AuditActor): Promise<Alert> {
    const { id, ...fields } = input;
    const before = await this.alerts.byId(id);
    if (!before) throw new AlertNotFoundError();
    const updated = await this.alerts.update(id, fields);
    if (!updated) throw new AlertNotFoundError();
    await this.audit.record({ actor, entity: 'alert', entityId: id, label: updated.name, action: 'update', before, after: updated });
    return updated;
  }

  async remove(id: string, actor: AuditActor): Promise<void> {
    const removed = await this.alerts.remove(id);
    if (!removed) throw new AlertNotFoundError();
    await this.audit.record({ actor, entity: 'alert', entityId: id, label: removed.name, action: 'remove', before: removed });
  }
}
