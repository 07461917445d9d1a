import { AsyncLocalStorage } from 'node:async_hooks';
import { chinaDate, type IsoDate } from '@factoring/domain';

/**
 * The server's clock: the real time, or — inside `atTime` — a time set for that scope and everything
 * it awaits. The demo seed builds a year of history through the real operations this way, so each
 * posting, decision and signature carries the date it happened on. Requests never set it.
 */
const setTimes = new AsyncLocalStorage<Date>();

/** Now: the time set for this scope, else the real time. */
export function now(): Date {
  const set = setTimes.getStore();
  return set ? new Date(set.getTime()) : new Date();
}

/** Today's business date (China) by the clock. */
export function chinaToday(): IsoDate {
  return chinaDate(now());
}

/** The time set for this scope, or undefined on the real clock (so a column's database default applies). */
export function setTime(): Date | undefined {
  return setTimes.getStore();
}

/** Runs `fn` with the clock standing at `at` (it does not move while `fn` runs). */
export function atTime<T>(at: Date, fn: () => T): T {
  return setTimes.run(new Date(at.getTime()), fn);
}

/**
 * A stopwatch on the real clock, for durations in logs and answers: `atTime` stands the clock still,
 * so elapsed time is never measured with `now()`. Call the result for the milliseconds since.
 */
export function stopwatch(): () => number {
  const started = Date.now();
  return () => Date.now() - started;
}
