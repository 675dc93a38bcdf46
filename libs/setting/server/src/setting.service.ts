import { type AuditActor, AuditService } from '@dealership/audit-server';
import {
  type CurrentSetting,
  DEFAULT_DUTY_RATES,
  DEFAULT_FINANCE_SETTINGS,
  DEFAULT_RESERVATION_RULES,
  type ReservationRules,
  type Setting,
  type SettingCreateFields,
  type SettingListFilters,
  type SettingPage,
  type SettingUpdateFields,
} from '@dealership/setting-schemas';
import { nairobiDate } from '@dealership/shared-util';
import { Injectable } from '@nestjs/common';
import { SettingDateTakenError, SettingLastOneError, SettingNotFoundError } from './setting.errors';
import { type SettingColumns, SettingRepository, type SettingWriteResult } from './setting.repository';

/** The rates the calculators use when no set is in force yet (those the migration seeds). */
export const BUILT_IN_SETTING: CurrentSetting = {
  effectiveFrom: '2026-11-01',
  duty: DEFAULT_DUTY_RATES,
  finance: DEFAULT_FINANCE_SETTINGS,
  reservation: DEFAULT_RESERVATION_RULES,
};

/** The rules of rate sets: routers delegate here, the repository queries. */
@Injectable()
export class SettingService {
  constructor(
    private readonly settings: SettingRepository,
    private readonly audit: AuditService,
  ) {}

  /** The set in force today in Nairobi (a set dated later waits for its day). */
  async current(now: Date = new Date()): Promise<CurrentSetting> {
    return (await this.settings.inForceOn(nairobiDate(now))) ?? BUILT_IN_SETTING;
  }

  /**
   * The reservation rules in force today in Nairobi (the deposit, the holds, the reminder, the cap
   * on unpaid reservations): what the order domain reads when a buyer reserves a car. The deposit
   * of a car is `reservationDeposit(rules, price)` of setting-schemas.
   */
  async reservationRules(now: Date = new Date()): Promise<ReservationRules> {
    return (await this.current(now)).reservation;
  }

  list(filters: SettingListFilters): Promise<SettingPage> {
    return this.settings.page(filters);
  }

  async byId(id: string): Promise<Setting> {
    const found = await this.settings.byId(id);
    if (!found) throw new SettingNotFoundError();
    return found;
  }

  async create(input: SettingCreateFields, actor: AuditActor): Promise<Setting> {
    // A new set usually answers a Finance Act or a bank's new rate: a staff member who left the
    // reservation rules out expects them to go on as they were, not to fall back to the defaults.
    // So they carry over from the set in force on the new set's date (the defaults when none is).
    const reservation = input.reservation ?? (await this.settings.inForceOn(input.effectiveFrom))?.reservation ?? DEFAULT_RESERVATION_RULES;
    const created = this.written(await this.settings.insert({ ...input, reservation, note: input.note ?? null }), input.effectiveFrom);
    await this.audit.record({ actor, entity: 'setting', entityId: created.id, label: `Rates from ${created.effectiveFrom}`, action: 'create', after: created });
    return created;
  }

  async update(input: SettingUpdateFields, actor: AuditActor): Promise<Setting> {
    const { id, ...given } = input;
    // Only the fields given change: a field left out is undefined, never written.
    const fields = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as Partial<SettingColumns>;
    const before = await this.byId(id);
    const updated = this.written(await this.settings.update(id, fields), fields.effectiveFrom ?? before.effectiveFrom);
    await this.audit.record({ actor, entity: 'setting', entityId: id, label: `Rates from ${updated.effectiveFrom}`, action: 'update', before, after: updated });
    return updated;
  }

  /** Deletes a rate set, but never the last one. */
  async remove(id: string, actor: AuditActor): Promise<void> {
    await this.byId(id);
    if ((await this.settings.count()) <= 1) throw new SettingLastOneError();
    const removed = await this.settings.remove(id);
    if (!removed) throw new SettingNotFoundError();
    await this.audit.record({ actor, entity: 'setting', entityId: id, label: `Rates from ${removed.effectiveFrom}`, action: 'remove', before: removed });
  }

  private written(result: SettingWriteResult, effectiveFrom: string): Setting {
    if (result.ok) return result.setting;
    if (result.reason === 'date-taken') throw new SettingDateTakenError(effectiveFrom);
    throw new SettingNotFoundError();
  }
}
