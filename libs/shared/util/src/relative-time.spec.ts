import { formatRelativeTime } from './relative-time';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it('words the time since creation in its largest unit', () => {
    expect(formatRelativeTime(ago(3 * 86_400), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(5 * 3600), now)).toBe('5 hours ago');
    expect(formatRelativeTime(ago(90), now)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(20), now)).toBe('20 seconds ago');
    expect(formatRelativeTime(ago(12 * 86_400), now)).toBe('12 days ago');
    expect(formatRelativeTime(ago(65 * 86_400), now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 86_400), now)).toBe('2 years ago');
  });

  it('uses natural words for the nearest values', () => {
    expect(formatRelativeTime(ago(86_400), now)).toBe('yesterday');
    expect(formatRelativeTime(now, now)).toBe('now');
  });

  it('accepts ISO strings, and gives nothing for an invalid date', () => {
    expect(formatRelativeTime('2025-06-12T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
