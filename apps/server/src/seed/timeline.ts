import { addMonths, chinaStartOfDay, compareIsoDates, type IsoDate } from '@factoring/domain';
import { atTime } from '../lib/clock.ts';

/** Day `day` (1–28, so every month has it) of the month `offset` months from `today`'s. */
export function dayOfMonth(today: IsoDate, offset: number, day: number): IsoDate {
  return `${addMonths(today, offset).slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** The instant of a China wall-clock time (`HH:mm`) on a date. */
export function chinaInstant(date: IsoDate, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  return new Date(chinaStartOfDay(date).getTime() + (h * 60 + m) * 60_000);
}

interface Step {
  at: Date;
  seq: number;
  run: () => Promise<unknown>;
}

/**
 * The demo's past as dated steps, each a real operation. `run` takes them in date order with the
 * server's clock standing at each step's time, so every posting, decision and signature carries the
 * day it happened on — and ids follow the dates, as if the year had been lived.
 */
export class Timeline {
  private readonly steps: Step[] = [];
  private running = false;

  constructor(private readonly today: IsoDate) {}

  /** Plans `run` at `time` (China, `HH:mm`) on `date`, which must be before today. */
  on(date: IsoDate, time: string, run: () => Promise<unknown>) {
    if (this.running) throw new Error('demo history: plan every step before running the timeline');
    if (compareIsoDates(date, this.today) >= 0) throw new Error(`demo history: ${date} is not in the past`);
    this.steps.push({ at: chinaInstant(date, time), seq: this.steps.length, run });
  }

  async run() {
    this.running = true;
    const ordered = [...this.steps].sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
    for (const step of ordered) await atTime(step.at, step.run);
  }
}
