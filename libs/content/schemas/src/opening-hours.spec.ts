import { openMinutesBetween, workingDayMinutes } from './opening-hours.schema-org';
import { DEFAULT_OPENING_HOURS } from './site-content.defaults';

describe('openMinutesBetween', () => {
  // Nairobi is UTC+3: 05:00Z is 08:00 there.
  it('counts only the minutes the showroom is open', () => {
    expect(openMinutesBetween(new Date('2026-11-30T05:00:00Z'), new Date('2026-11-30T05:20:00Z'))).toBe(20); // Monday 08:00-08:20
    expect(openMinutesBetween(new Date('2026-11-30T03:00:00Z'), new Date('2026-11-30T05:10:00Z'))).toBe(10); // from 06:00, open at 08:00
    expect(openMinutesBetween(new Date('2026-11-28T15:00:00Z'), new Date('2026-11-30T05:15:00Z'))).toBe(15); // Saturday 18:00 to Monday 08:15
    expect(openMinutesBetween(new Date('2026-11-29T08:00:00Z'), new Date('2026-11-29T12:00:00Z'))).toBe(0); // Sunday
    expect(openMinutesBetween(new Date('2026-11-30T13:50:00Z'), new Date('2026-12-01T05:05:00Z'))).toBe(15); // Monday 16:50 to Tuesday 08:05
  });

  it("takes the longest day's opening as a working day", () => {
    expect(workingDayMinutes()).toBe(540);
    expect(workingDayMinutes({ ...DEFAULT_OPENING_HOURS, wednesday: { closed: false, open: '07:00', close: '19:30' } })).toBe(750);
  });
});
