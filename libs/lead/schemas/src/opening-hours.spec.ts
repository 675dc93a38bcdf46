import { callBackTime } from './opening-hours';

// Nairobi is UTC+3: 08:00 there is 05:00Z.
const at = (iso: string) => new Date(iso);

describe('callBackTime: when the buyer hears back', () => {
  it.each([
    ['a Wednesday at 10:00', '2026-11-25T07:00:00Z', 'within 30 minutes'],
    ['a Wednesday at 16:30, the last half hour', '2026-11-25T13:30:00Z', 'within 30 minutes'],
    ['a Wednesday at 16:45', '2026-11-25T13:45:00Z', 'tomorrow at 08:00'],
    ['a Wednesday at 06:00, before opening', '2026-11-25T03:00:00Z', 'today at 08:00'],
    ['a Friday night', '2026-11-27T19:00:00Z', 'tomorrow at 08:00'],
    ['a Saturday at 12:45, after the half-day', '2026-11-28T09:45:00Z', 'on Monday at 08:00'],
    ['a Sunday', '2026-11-29T09:00:00Z', 'tomorrow at 08:00'],
  ])('%s: %s', (_, iso, expected) => {
    expect(callBackTime(at(iso))).toBe(expected);
  });
});
