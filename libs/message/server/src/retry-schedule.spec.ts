import { nextAttemptAt } from './retry-schedule';

describe('the retry schedule', () => {
  const start = new Date('2026-11-27T10:00:00Z');
  const day = new Date(start.getTime() + 24 * 3600_000);

  it('retries twice within the first minute, then ever more slowly, at most every 4 hours', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => (nextAttemptAt(attempts, start, day) as Date).getTime() - start.getTime());
    expect(delays.map((ms) => ms / 1000)).toEqual([15, 45, 135, 405, 1215, 3645, 10935, 14400, 14400]);
    expect(delays[0] + delays[1]).toBeLessThanOrEqual(60_000);
  });

  it('gives up when the next attempt would fall after the day is over', () => {
    const late = new Date(day.getTime() - 60_000);
    expect(nextAttemptAt(3, late, day)).toBeNull();
    expect(nextAttemptAt(1, late, day)?.toISOString()).toBe(new Date(late.getTime() + 15_000).toISOString());
  });
});
