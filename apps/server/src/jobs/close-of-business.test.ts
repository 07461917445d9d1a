import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, scheduledJobRuns } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { closeOfBusinessJob, runStep, type CloseOfBusinessStep } from './close-of-business.ts';
import { createScheduler } from './scheduler.ts';

const silent = { info: () => undefined, error: () => undefined };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A step that counts its runs in the database (a row per run), and fails while `failing` says so. */
function countingStep(name: string, control: { failing: boolean } = { failing: false }): CloseOfBusinessStep<{ n: number }> {
  return {
    name,
    label: `探针 ${name}`,
    async run(tx, date) {
      if (control.failing) throw new Error(`故意失败 ${name}`);
      // The step's work is a write in the claim's transaction: a rolled-back claim leaves no trace.
      await tx.insert(jobRuns).values({ job: `${name}:work`, runDate: date, result: {} });
      return { n: 1 };
    },
    summary: (r) => `处理 ${r.n} 笔`,
  };
}

const workRows = (name: string, date: string) =>
  t.database.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, `${name}:work`), eq(jobRuns.runDate, date)));

describe('close of business', () => {
  it('claims each step once per business date: reruns and concurrent runs answer the first result', async () => {
    const step = countingStep('cob-once');
    const runs = await Promise.all(Array.from({ length: 4 }, () => runStep(t.database.db, step, '2026-03-02')));
    expect(runs.filter((r) => !r.skipped)).toHaveLength(1);
    expect(runs.every((r) => r.n === 1 && r.runDate === '2026-03-02')).toBe(true);
    expect(await workRows('cob-once', '2026-03-02')).toHaveLength(1);
    // Another date is another claim.
    expect((await runStep(t.database.db, step, '2026-03-03')).skipped).toBe(false);
  });

  it('runs its steps in order; after a failing step the retry skips the steps already done', async () => {
    const control = { failing: true };
    const job = closeOfBusinessJob([countingStep('cob-a'), countingStep('cob-b', control), countingStep('cob-c')]);
    expect(job.steps?.map((s) => s.name)).toEqual(['cob-a', 'cob-b', 'cob-c']);
    const scheduler = createScheduler({ db: t.database.db, jobs: [job], log: silent, retryAfterMs: 0 });

    const failed = await scheduler.runNow(job.name, '2026-04-01');
    expect(failed).toMatchObject({ outcome: 'failed', run: { status: 'FAILED', error: '故意失败 cob-b' } });
    expect(await workRows('cob-a', '2026-04-01')).toHaveLength(1);
    expect(await workRows('cob-b', '2026-04-01')).toHaveLength(0); // rolled back with its claim
    expect(await workRows('cob-c', '2026-04-01')).toHaveLength(0); // never reached

    control.failing = false;
    const retried = await scheduler.runNow(job.name, '2026-04-01');
    expect(retried.outcome).toBe('ran');
    expect(retried.run?.result).toEqual({
      steps: [
        { name: 'cob-a', label: '探针 cob-a', skipped: true, summary: '处理 1 笔' },
        { name: 'cob-b', label: '探针 cob-b', skipped: false, summary: '处理 1 笔' },
        { name: 'cob-c', label: '探针 cob-c', skipped: false, summary: '处理 1 笔' },
      ],
    });
    for (const name of ['cob-a', 'cob-b', 'cob-c']) expect(await workRows(name, '2026-04-01'), name).toHaveLength(1);
    const [row] = await t.database.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.job, job.name));
    expect(row).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
  });

  it('refuses two steps of one name', () => {
    expect(() => closeOfBusinessJob([countingStep('same'), countingStep('same')])).toThrow(/distinct/);
  });
});
