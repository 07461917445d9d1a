// Calendar dates as 'YYYY-MM-DD' strings with pure integer maths: no Date, no time zones.
import { DomainError } from './errors.ts';

export type IsoDate = string;

export interface CalendarDate {
  year: number;
  month: number; // 1–12
  day: number;
}

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MSG_DATE = '日期格式不正确，应为有效的YYYY-MM-DD日期';

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Parses a strict 'YYYY-MM-DD' real date, or returns null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_PATTERN.exec(String(text ?? ''));
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

function requireDate(text: string): CalendarDate {
  const date = parseIsoDate(text);
  if (!date) throw new DomainError(`${MSG_DATE}：${String(text)}`);
  return date;
}

export function toIsoDate({ year, month, day }: CalendarDate): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Days since 1970-01-01 in the proleptic Gregorian calendar (Hinnant's days_from_civil).
function epochDay({ year, month, day }: CalendarDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function fromEpochDay(days: number): CalendarDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Days from start (inclusive) to end (exclusive); negative when end is before start. */
export function daysBetween(startIso: IsoDate, endIso: IsoDate): number {
  return epochDay(requireDate(endIso)) - epochDay(requireDate(startIso));
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new DomainError('天数必须是整数');
  return toIsoDate(fromEpochDay(epochDay(requireDate(iso)) + days));
}

/** Same day of month `months` later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  if (!Number.isSafeInteger(months)) throw new DomainError('月数必须是整数');
  const { year, month, day } = requireDate(iso);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  return toIsoDate({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) });
}

export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return Math.sign(epochDay(requireDate(a)) - epochDay(requireDate(b)));
}

/** The calendar date of `now` in the runtime's local time zone (the user's day in a browser). */
export function todayIso(now: Date = new Date()): IsoDate {
  return toIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}
