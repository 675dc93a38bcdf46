import { nairobiDate, nairobiTimestamp } from './nairobi-date';

describe('nairobiDate', () => {
  it("gives the dealer's calendar date (UTC+3) on either side of Nairobi's midnight, one minute apart", () => {
    expect(nairobiDate(new Date('2026-11-28T20:59:00Z'))).toBe('2026-11-28');
    expect(nairobiDate(new Date('2026-11-28T20:59:59.999Z'))).toBe('2026-11-28');
    expect(nairobiDate(new Date('2026-11-28T21:00:00Z'))).toBe('2026-11-29');
    // Back to a minute already asked for, and far from it: each answer is that moment's own.
    expect(nairobiDate(new Date('2026-11-28T20:59:30Z'))).toBe('2026-11-28');
    expect(nairobiDate(new Date('2025-01-01T00:00:00Z'))).toBe('2025-01-01');
    expect(nairobiDate(new Date('1969-12-31T20:59:59Z'))).toBe('1969-12-31');
    expect(nairobiDate(new Date('1969-12-31T21:00:00Z'))).toBe('1970-01-01');
  });

  it('formats an invalid date as Intl does (throws a RangeError)', () => {
    expect(() => nairobiDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('nairobiTimestamp', () => {
  it("writes Daraja's YYYYMMDDHHmmss in Nairobi time", () => {
    expect(nairobiTimestamp(new Date('2026-11-28T21:05:09Z'))).toBe('20261129000509');
  });
});
