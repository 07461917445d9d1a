// China Standard Time (UTC+8, no daylight saving): the business clock of the portal. Every
// business date (due dates, job runs, "today") and every time shown to a user is China time,
// whatever the zone of the server or the browser.
import type { IsoDate } from './dates.ts';

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The IANA name of China's zone, for what must name it (SQL `at time zone`, Intl). */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The instant moved so that its UTC fields read China's wall-clock time (`getUTCFullYear()` is the
 * year in China, …): for arithmetic on China dates and for what has no zone (Excel cells).
 */
export function chinaWallClock(instant: Date | string | number): Date {
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  return new Date(ms + CHINA_OFFSET_MS);
}

/** The wall-clock parts of an instant in China (month 1–12). */
export function chinaParts(instant: Date | string | number) {
  const t = chinaWallClock(instant);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
    second: t.getUTCSeconds(),
  };
}

const isValidInstant = (instant: Date | string | number | null | undefined): instant is Date | string | number =>
  instant !== null && instant !== undefined && instant !== '' && !Number.isNaN(new Date(instant).getTime());

/** The business date of an instant (default now) in China: `YYYY-MM-DD`. */
export function chinaDate(instant: Date | string | number = new Date()): IsoDate {
  const p = chinaParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The hour (0–23) of an instant in China, for schedules at configured China-time hours. */
export function chinaHour(instant: Date | string | number = new Date()): number {
  return chinaParts(instant).hour;
}

/** `YYYY-MM-DD HH:mm:ss` in China time; '' for a missing or invalid instant. */
export function formatChinaDateTime(instant: Date | string | number | null | undefined): string {
  if (!isValidInstant(instant)) return '';
  const p = chinaParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** `YYYY-MM-DD` in China time for an instant, or the date itself for an ISO date; '' when missing. */
export function formatChinaDate(value: Date | string | number | null | undefined): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (!isValidInstant(value)) return '';
  return chinaDate(value);
}

/** The instant at which a China-time date begins (00:00 UTC+8). */
export function chinaStartOfDay(date: IsoDate): Date {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() - CHINA_OFFSET_MS);
}
