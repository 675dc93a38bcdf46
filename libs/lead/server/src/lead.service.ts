import type { Lead, LeadCreateFields, LeadListFilters, LeadPage, LeadUpdateFields } from '@dealership/lead-schemas';
import { Injectable } from '@nestjs/common';
import { LeadNotFoundError } from './lead.errors';
import { LeadRepository } from './lead.repository';

/** The rules of leads: routers delegate here, the repository queries. */
@Injectable()
export class LeadService {
  constructor(private readonly leads: LeadRepository) {}

  list(filters: LeadListFilters): Promise<LeadPage> {
    return this.leads.page(filters);
  }

  async byId(id: string): Promise<Lead> {
    const found = await this.leads.byId(id);
    if (!found) throw new LeadNotFoundError();
    return found;
  }

  create(input: LeadCreateFields): Promise<Lead> {
    return this.leads.insert(input);
  }

  async update(input: LeadUpdateFields): Promise<Lead> {
    const { id, ...fields } = input;
    const updated = await this.leads.update(id, fields);
    if (!updated) throw new LeadNotFoundError();
    return updated;
  }

  async remove(id: string): Promise<void> {
    if (!(await this.leads.remove(id))) throw new LeadNotFoundError();
  }
}
