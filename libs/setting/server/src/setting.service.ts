import type { Setting, SettingCreateFields, SettingListFilters, SettingPage, SettingUpdateFields } from '@dealership/setting-schemas';
import { Injectable } from '@nestjs/common';
import { SettingNotFoundError } from './setting.errors';
import { SettingRepository } from './setting.repository';

/** The rules of settings: routers delegate here, the repository queries. */
@Injectable()
export class SettingService {
  constructor(private readonly settings: SettingRepository) {}

  list(filters: SettingListFilters): Promise<SettingPage> {
    return this.settings.page(filters);
  }

  async byId(id: string): Promise<Setting> {
    const found = await this.settings.byId(id);
    if (!found) throw new SettingNotFoundError();
    return found;
  }

  create(input: SettingCreateFields): Promise<Setting> {
    return this.settings.insert(input);
  }

  async update(input: SettingUpdateFields): Promise<Setting> {
    const { id, ...fields } = input;
    const updated = await this.settings.update(id, fields);
    if (!updated) throw new SettingNotFoundError();
    return updated;
  }

  async remove(id: string): Promise<void> {
    if (!(await this.settings.remove(id))) throw new SettingNotFoundError();
  }
}
