import { DutyRatesSchema } from './duty-rates.schema';
import { financeQuote, parseFinanceQuery } from './financing';
import { ageBandLabel, DEFAULT_DUTY_RATES as rates, parseDutyQuery, estimateImportDuty, exciseRate, oldestImportableYear } from './import-duty';

const today = new Date('2026-11-23T09:00:00Z');
const lines = (estimate: ReturnType<typeof estimateImportDuty>) =>
  estimate.eligible ? Object.fromEntries(estimate.lines.map((line) => [line.label, line.amount])) : estimate.reason;

describe('Kenya import duty', () => {
  it('holds the test vector: CRSP 3,000,000, 4 years 6 months, 1,500 cc petrol', () => {
    const estimate = estimateImportDuty({ crsp: 3_000_000, registered: '2022-05', cc: 1500, fuel: 'petrol' }, rates, today);
    expect(lines(estimate)).toEqual({
      'Customs value': 1_500_000,
      'Import duty': 525_000,
      'Excise duty': 405_000,
      VAT: 388_800,
      IDF: 37_500,
      RDL: 30_000,
      Total: 1_386_300,
    });
    expect(estimate).toMatchObject({ ageMonths: 54, ageBand: 'over 4 up to 5 years', depreciation: 0.5, exciseRate: 0.2, customsValueFrom: 'crsp' });
  });

  it('depreciates by whole months of age: 12 months is up to 1 year, 13 over 1', () => {
    const at = (registered: string) => estimateImportDuty({ crsp: 1_000_000, registered, cc: 1000, fuel: 'petrol' }, rates, today);
    expect(at('2026-11')).toMatchObject({ ageMonths: 0, depreciation: 0.1, ageBand: 'up to 1 year' });
    expect(at('2025-11')).toMatchObject({ ageMonths: 12, depreciation: 0.1, ageBand: 'up to 1 year' });
    expect(at('2025-10')).toMatchObject({ ageMonths: 13, depreciation: 0.2, ageBand: 'over 1 up to 2 years' });
    // Early in the year, a 2019 car still arrives within the rule.
    const march = new Date('2026-03-01T09:00:00Z');
    const early = (registered: string) => estimateImportDuty({ crsp: 1_000_000, registered, cc: 1000, fuel: 'petrol' }, rates, march);
    expect(early('2019-03')).toMatchObject({ ageMonths: 84, depreciation: 0.6 });
    expect(early('2019-02')).toMatchObject({ ageMonths: 85, depreciation: 0.65, ageBand: 'over 7 up to 8 years' });
    expect(ageBandLabel(96)).toBe('over 7 up to 8 years');
  });

  it('picks the excise band by engine size and fuel', () => {
    expect(exciseRate('petrol', 1500, rates)).toBe(0.2);
    expect(exciseRate('petrol', 1501, rates)).toBe(0.25);
    expect(exciseRate('petrol', 3000, rates)).toBe(0.25);
    expect(exciseRate('petrol', 3001, rates)).toBe(0.35);
    expect(exciseRate('diesel', 2500, rates)).toBe(0.25);
    expect(exciseRate('diesel', 2501, rates)).toBe(0.35);
    expect(exciseRate('electric', undefined, rates)).toBe(0.1);
    expect(lines(estimateImportDuty({ crsp: 2_000_000, registered: '2024-01', fuel: 'electric' }, rates, today))).toMatchObject({
      'Customs value': 1_400_000,
      'Import duty': 490_000,
      'Excise duty': 189_000,
    });
  });

  it('refuses a car past the eight-year rule at its arrival, and explains the rule', () => {
    const old = estimateImportDuty({ crsp: 3_000_000, registered: '2018-12', cc: 1500, fuel: 'petrol' }, rates, today);
    expect(old).toEqual({ eligible: false, reason: expect.stringContaining('must have been first registered in 2020 or later') });
    // Arriving in 2027 (60 days on), the cut-off has moved on a year: 2019 is too old already.
    expect(estimateImportDuty({ crsp: 3_000_000, registered: '2019-06', cc: 1500, fuel: 'petrol' }, rates, today)).toMatchObject({ eligible: false });
    expect(estimateImportDuty({ crsp: 3_000_000, registered: '2019-06', cc: 1500, fuel: 'petrol' }, rates, new Date('2026-03-01T00:00:00Z'))).toMatchObject({
      eligible: true,
    });
    expect(estimateImportDuty({ crsp: 3_000_000, registered: '2027-01', cc: 1500, fuel: 'petrol' }, rates, today)).toMatchObject({
      eligible: false,
      reason: 'The first registration cannot be in the future.',
    });
  });

  it('moves the oldest importable year on when the car would arrive in the next calendar year', () => {
    expect(oldestImportableYear(rates, today)).toEqual({ year: 2020, arrivalYear: 2027 });
    expect(oldestImportableYear(rates, new Date('2026-10-01T00:00:00Z'))).toEqual({ year: 2019, arrivalYear: 2026 });
  });

  it('uses the CIF value when it is higher than the depreciated CRSP', () => {
    const estimate = estimateImportDuty({ crsp: 3_000_000, registered: '2022-05', cc: 1500, fuel: 'petrol', cif: 1_800_000 }, rates, today);
    expect(estimate).toMatchObject({ customsValueFrom: 'cif' });
    expect(lines(estimate)).toMatchObject({ 'Customs value': 1_800_000, 'Import duty': 630_000 });
    expect(estimateImportDuty({ crsp: 3_000_000, registered: '2022-05', cc: 1500, fuel: 'petrol', cif: 900_000 }, rates, today)).toMatchObject({
      customsValueFrom: 'crsp',
    });
  });

  it('checks the rates the admin saves, naming the field', () => {
    expect(DutyRatesSchema.parse(rates)).toEqual(rates);
    expect(DutyRatesSchema.safeParse({ ...rates, vat: 1.6 }).error?.issues[0]).toMatchObject({ path: ['vat'], message: 'vat must be at most 100%' });
    expect(DutyRatesSchema.safeParse({ ...rates, depreciation: [0.1, 0.2] }).error?.issues[0].path).toEqual(['depreciation']);
    expect(DutyRatesSchema.safeParse({ ...rates, depreciation: [0.5, 0.2, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65] }).error?.issues[0].message).toBe(
      'depreciation must not fall as cars get older',
    );
  });

  it('reads its inputs from the URL, dropping what is not valid', () => {
    expect(parseDutyQuery({ crsp: '3000000', registered: '2022-05', cc: '1500', fuel: 'petrol' })).toEqual({
      crsp: 3_000_000,
      registered: '2022-05',
      cc: 1500,
      fuel: 'petrol',
    });
    expect(parseDutyQuery({ crsp: 'lots', registered: '2022-13', fuel: 'steam', cif: '-5' })).toEqual({});
  });
});

describe('financing', () => {
  const noFees = { arrangementFee: 0, fixedFees: 0 };

  it('holds the check: KES 1,000,000 over 48 months at 14.5% -> 27,578 a month, 323,742 interest', () => {
    expect(financeQuote({ price: 1_000_000, deposit: 0, months: 48, annualRatePercent: 14.5 }, noFees)).toEqual({
      amountFinanced: 1_000_000,
      monthlyInstalment: 27_578,
      totalInterest: 323_742,
      fees: 0,
      totalCostOfCredit: 323_742,
      totalPayable: 1_323_742,
    });
  });

  it('takes the deposit off, adds the fees to the cost of credit, and lends at 0% evenly', () => {
    const quote = financeQuote({ price: 1_250_000, deposit: 250_000, months: 48, annualRatePercent: 14.5 }, { arrangementFee: 0.02, fixedFees: 15_000 });
    expect(quote).toMatchObject({ amountFinanced: 1_000_000, monthlyInstalment: 27_578, fees: 35_000, totalCostOfCredit: 358_742, totalPayable: 1_608_742 });
    expect(financeQuote({ price: 1_200_000, deposit: 0, months: 12, annualRatePercent: 0 }, noFees)).toMatchObject({
      monthlyInstalment: 100_000,
      totalInterest: 0,
    });
    expect(financeQuote({ price: 500_000, deposit: 500_000, months: 12, annualRatePercent: 14 }, { arrangementFee: 0.02, fixedFees: 15_000 })).toMatchObject({
      amountFinanced: 0,
      monthlyInstalment: 0,
      totalCostOfCredit: 0,
    });
  });

  it('reads its inputs from the URL', () => {
    expect(parseFinanceQuery({ price: '1000000', deposit: '0', months: '48', rate: '14.5' })).toEqual({ price: 1_000_000, deposit: 0, months: 48, rate: 14.5 });
    expect(parseFinanceQuery({ months: '6', rate: 'x' })).toEqual({});
  });
});
