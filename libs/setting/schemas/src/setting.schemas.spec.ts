import { DEFAULT_FINANCE_SETTINGS } from './financing';
import { DEFAULT_DUTY_RATES } from './import-duty';
import { DEFAULT_RESERVATION_RULES } from './reservation-rules';
import { SettingCreateInputSchema, SettingListInputSchema, SettingUpdateInputSchema, SETTING_NOTE_MAX_LENGTH } from './setting.schemas';

const valid = { effectiveFrom: '2027-07-01', duty: DEFAULT_DUTY_RATES, finance: DEFAULT_FINANCE_SETTINGS };

describe('setting contracts', () => {
  it('take a dated rate set with a trimmed note (an empty note is none)', () => {
    expect(SettingCreateInputSchema.parse({ ...valid, note: '  Finance Act 2027 ' })).toEqual({ ...valid, note: 'Finance Act 2027' });
    expect(SettingCreateInputSchema.parse({ ...valid, note: ' ' }).note).toBeNull();
    expect(SettingCreateInputSchema.safeParse({ ...valid, note: 'x'.repeat(SETTING_NOTE_MAX_LENGTH + 1) }).error?.issues[0].message).toBe(
      `Note must be at most ${SETTING_NOTE_MAX_LENGTH} characters`,
    );
  });

  it('refuse a bad date or rate, naming the field', () => {
    const dateIssue = SettingCreateInputSchema.safeParse({ ...valid, effectiveFrom: '1 July' }).error?.issues[0];
    expect({ path: dateIssue?.path, message: dateIssue?.message }).toEqual({ path: ['effectiveFrom'], message: 'effectiveFrom must be a date (YYYY-MM-DD)' });
    const vat = SettingCreateInputSchema.safeParse({ ...valid, duty: { ...DEFAULT_DUTY_RATES, vat: 1.6 } }).error?.issues[0];
    expect({ path: vat?.path, message: vat?.message }).toEqual({ path: ['duty', 'vat'], message: 'vat must be at most 100%' });
    const depreciation = SettingCreateInputSchema.safeParse({ ...valid, duty: { ...DEFAULT_DUTY_RATES, depreciation: [0.1, 0.2] } }).error?.issues[0];
    expect(depreciation?.message).toBe('depreciation must list 8 rates, one per year of age');
    const rate = SettingCreateInputSchema.safeParse({ ...valid, finance: { ...DEFAULT_FINANCE_SETTINGS, annualRatePercent: 75 } }).error?.issues[0];
    expect({ path: rate?.path, message: rate?.message }).toEqual({ path: ['finance', 'annualRatePercent'], message: 'annualRatePercent must be at most 60' });
  });

  it('take the reservation rules, or leave them out; refuse bad ones naming the field', () => {
    expect(SettingCreateInputSchema.parse({ ...valid, reservation: DEFAULT_RESERVATION_RULES }).reservation).toEqual(DEFAULT_RESERVATION_RULES);
    expect(SettingCreateInputSchema.parse(valid).reservation).toBeUndefined();
    const deposit = SettingCreateInputSchema.safeParse({ ...valid, reservation: { ...DEFAULT_RESERVATION_RULES, deposit: { kind: 'fixed', amount: 0 } } }).error
      ?.issues[0];
    expect({ path: deposit?.path, message: deposit?.message }).toEqual({
      path: ['reservation', 'deposit', 'amount'],
      message: 'deposit.amount must be at least KES 1',
    });
    const cap = SettingUpdateInputSchema.safeParse({
      id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
      reservation: { ...DEFAULT_RESERVATION_RULES, maxUnpaidPerBuyer: 0 },
    }).error?.issues[0];
    expect(cap?.path).toEqual(['reservation', 'maxUnpaidPerBuyer']);
  });

  it('update only what is given, by a valid id', () => {
    const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    expect(SettingUpdateInputSchema.parse({ id })).toEqual({ id });
    expect(SettingUpdateInputSchema.safeParse({ id: 'nope' }).error?.issues[0].path).toEqual(['id']);
  });

  it('page the list with defaults and bounds', () => {
    expect(SettingListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(SettingListInputSchema.safeParse({ pageSize: 49 }).error?.issues[0].message).toBe('pageSize must be at most 48');
  });
});
