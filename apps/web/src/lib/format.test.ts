import { describe, expect, it } from 'vitest';
import { dailyRate, dateTime as formatDateTime, date, formatBytes } from './format.ts';

describe('time shown in China time', () => {
  // Moved here from features/funds/labels.test.ts.
  it('shows instants in China time', () => {
    expect(formatDateTime('2026-01-31T16:30:00.000Z')).toBe('2026-02-01 00:30:00');
    expect(formatDateTime(null)).toBe('—');
  });

  it('shows an instant as its China date and keeps an ISO date as it is', () => {
    expect(date('2026-01-31T16:30:00.000Z')).toBe('2026-02-01');
    expect(date('2026-05-18')).toBe('2026-05-18');
    expect(date(undefined)).toBe('—');
  });

  it('shows file sizes', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('dailyRate', () => {
  it('tells price tiers apart in 万分之 (actual/360)', () => {
    expect(dailyRate(65_000)).toBe('万分之 1.81');
    expect(dailyRate(72_000)).toBe('万分之 2.00');
    expect(dailyRate(80_000)).toBe('万分之 2.22');
    expect(dailyRate(68_000)).toBe('万分之 1.89');
    expect(dailyRate(null)).toBe('万分之 0.00');
  });
});
