import { describe, it, expect } from 'vitest';
import { addDays, addMonths, compareIsoDates, daysBetween, daysInMonth, isIsoDate, isLeapYear, parseIsoDate, todayIso } from './dates.ts';
import { DomainError } from './errors.ts';

describe('calendar basics', () => {
  it('knows leap years', () => {
    expect([2024, 2000, 1996, 2400].map(isLeapYear)).toEqual([true, true, true, true]);
    expect([2023, 1900, 2100, 2200].map(isLeapYear)).toEqual([false, false, false, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2024, 4)).toBe(30);
    expect(daysInMonth(2024, 12)).toBe(31);
  });

  it('parses strict real ISO dates only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-1-01',
      '24-01-01',
      '2024/01/01',
      '2024-01-01T00:00:00Z',
      '',
      'today',
      ' 2024-01-01',
    ]) {
      expect(parseIsoDate(bad)).toBeNull();
      expect(isIsoDate(bad)).toBe(false);
    }
  });
});

describe('daysBetween (start inclusive, end exclusive)', () => {
  it.each([
    ['2024-01-01', '2024-01-01', 0],
    ['2024-01-01', '2024-01-02', 1],
    ['2024-01-01', '2024-04-01', 91],
    ['2023-01-01', '2023-04-01', 90],
    ['2024-01-01', '2025-01-01', 366],
    ['2023-01-01', '2024-01-01', 365],
    ['2024-02-28', '2024-03-01', 2],
    ['2023-02-28', '2023-03-01', 1],
    ['1900-02-28', '1900-03-01', 1],
    ['2000-02-28', '2000-03-01', 2],
    ['1970-01-01', '2000-03-01', 11017],
    ['2024-03-31', '2024-03-30', -1],
    // Spans both China and EU daylight-saving changes: whole days regardless of time zone.
    ['2024-03-30', '2024-04-01', 2],
    ['2024-10-26', '2024-10-28', 2],
  ])('%s → %s = %d', (start, end, days) => {
    expect(daysBetween(start, end)).toBe(days);
  });

  it('agrees with Date.UTC over a long range', () => {
    const base = Date.UTC(1890, 0, 1);
    for (let offset = 0; offset < 80_000; offset += 37) {
      const end = new Date(base + offset * 86_400_000).toISOString().slice(0, 10);
      expect(daysBetween('1890-01-01', end)).toBe(offset);
      expect(addDays('1890-01-01', offset)).toBe(end);
    }
  });

  it.each([
    ['2024-02-30', '2024-03-01'],
    ['2024-01-01', 'x'],
    ['', '2024-01-01'],
  ])('rejects %j → %j', (a, b) => {
    expect(() => daysBetween(a, b)).toThrow(DomainError);
  });
});

describe('addDays / addMonths', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2000-01-01', -1)).toBe('1999-12-31');
    expect(addDays('2024-01-15', 90)).toBe('2024-04-14');
    expect(() => addDays('2024-01-01', 1.5)).toThrow(DomainError);
  });

  it('keeps the day of month, clamped to the month end', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-01-31', 2)).toBe('2024-03-31');
    expect(addMonths('2024-01-31', 3)).toBe('2024-04-30');
    expect(addMonths('2024-01-15', 12)).toBe('2025-01-15');
    expect(addMonths('2023-12-31', 2)).toBe('2024-02-29');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-01-10', -13)).toBe('2022-12-10');
    expect(() => addMonths('2024-02-30', 1)).toThrow(DomainError);
  });
});

describe('compareIsoDates / todayIso', () => {
  it('compares', () => {
    expect(compareIsoDates('2024-01-01', '2024-01-02')).toBe(-1);
    expect(compareIsoDates('2024-01-02', '2024-01-02')).toBe(0);
    expect(compareIsoDates('2025-01-01', '2024-12-31')).toBe(1);
  });

  it('takes the local calendar date', () => {
    expect(todayIso(new Date(2024, 1, 29, 23, 59))).toBe('2024-02-29');
    expect(todayIso(new Date(2025, 0, 1, 0, 0))).toBe('2025-01-01');
  });
});
