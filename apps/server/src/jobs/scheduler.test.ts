import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { scheduledJobRuns } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createScheduler, parseJobHours, skipRun, type ScheduledJob } from './scheduler.ts';
import { CLOSE_OF_BUSINESS_STEPS } from '../app.ts';

/** A China-time wall clock: `at('2026-05-18', 9)` is 09:00 in Beijing. */
const at = (date: string, hour: number, minute = 0) =>
  new Date(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+08:00`);
const silent = { info: () => undefined, error: () => undefined };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function probe(name: string, hour = 2, fail?: (date: string) => boolean) {
  const ran: string[] = [];
  const job: ScheduledJob = {
    name,
    label: `探针 ${name}`,
    hour,
    async run(_ctx, date) {
      if (fail?.(date)) throw new Error(`故意失败 ${date}`);
      ran.push(date);
      return { date };
    },
  };
  return { job, ran };
}

const runsOf = (job: string) =>
  t.database.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.job, job)).orderBy(scheduledJobRuns.businessDate);

describe('scheduler', () => {
  it('runs the day once its China-time hour has come, and not again', async () => {
    const { job, ran } = probe('probe-hour', 2);
    let now = at('2026-05-18', 1, 59);
    const s = createScheduler({ db: t.database.db, jobs: [job], log: silent, now: () => now });
    await s.runAllDue();
    expect(ran).toEqual(['2026-05-17']); // before 02:00 the latest due date is yesterday
    now = at('2026-05-18', 2, 0);
    await s.runAllDue();
    await s.runAllDue();
    expect(ran).toEqual(['2026-05-17', '2026-05-18']);
    const rows = await runsOf('probe-hour');
    expect(rows.map((r) => [r.businessDate, r.status, r.trigger, r.attempts])).toEqual([
      ['2026-05-17', 'SUCCEEDED', 'SCHEDULE', 1],
      ['2026-05-18', 'SUCCEEDED', 'SCHEDULE', 1],
    ]);
    expect(rows[1].result).toEqual({ date: '2026-05-18' });
  });

  it('a job that did nothing by design (skipRun) is recorded as SKIPPED, counts as done, and the next day still runs', async () => {
    const calls: string[] = [];
    const job: ScheduledJob = {
      name: 'probe-skip',
      label: '探针 probe-skip',
      hour: 2,
      async run(_ctx, date) {
        calls.push(date);
        return date === '2026-06-01' ? skipRun('未开启', { enabled: false }) : { date };
      },
    };
    let now = at('2026-06-01', 3);
    const s = createScheduler({ db: t.database.db, jobs: [job], log: silent, now: () => now });
    await s.runAllDue();
    await s.runAllDue();
    now = at('2026-06-02', 3);
    await s.runAllDue();
    expect(calls).toEqual(['2026-06-01', '2026-06-02']);
    const rows = await runsOf('probe-skip');
    expect(rows.map((r) => [r.businessDate, r.status, r.result])).toEqual([
      ['2026-06-01', 'SKIPPED', { enabled: false, summary: '未开启' }],
      ['2026-06-02', 'SUCCEEDED', { date: '2026-06-02' }],
    ]);
  });

  it('catches up the business dates missed while no node ran, oldest first, at most catchUpDays back', async () => {
    const { job, ran } = probe('probe-catch-up', 1);
    let now = at('2026-03-01', 8);
    const s = createScheduler({ db: t.database.db, jobs: [job], log: silent, now: () => now, catchUpDays: 3 });
    await s.runAllDue();
    now = at('2026-03-04', 8); // down for 03-02 and 03-03
    await s.runAllDue();
    expect(ran).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    const rows = await runsOf('probe-catch-up');
    expect(rows.map((r) => r.trigger)).toEqual(['SCHEDULE', 'CATCH_UP', 'CATCH_UP', 'SCHEDULE']);
    now = at('2026-03-20', 8); // a long outage: only the last 3 dates
    await s.runAllDue();
    expect(ran.slice(4)).toEqual(['2026-03-18', '2026-03-19', '2026-03-20']);
  });

  it('records a failure with its message, retries it after the back-off, and gives up after maxAttempts', async () => {
    let failing = true;
    const { job, ran } = probe('probe-fail', 0, () => failing);
    let now = at('2026-04-10', 3);
    const s = createScheduler({ db: t.database.db, jobs: [job], log: silent, now: () => now, retryAfterMs: 10 * 60_000, maxAttempts: 3 });
    await s.runAllDue();
    let [row] = await runsOf('probe-fail');
    expect([row.status, row.attempts, row.error]).toEqual(['FAILED', 1, '故意失败 2026-04-10']);
    now = at('2026-04-10', 3, 5); // within the back-off: not yet
    await s.runAllDue();
    [row] = await runsOf('probe-fail');
    expect(row.attempts).toBe(1);
    now = at('2026-04-10', 3, 11);
    await s.runAllDue();
    now = at('2026-04-10', 3, 22);
    await s.runAllDue();
    [row] = await runsOf('probe-fail');
    expect([row.status, row.attempts]).toEqual(['FAILED', 3]);
    now = at('2026-04-10', 4, 0);
    await s.runAllDue(); // gave up: an operator's manual run is what remains
    [row] = await runsOf('probe-fail');
    expect(row.attempts).toBe(3);
    failing = false;
    const manual = await s.runNow('probe-fail', '2026-04-10');
    expect(manual.outcome).toBe('ran');
    [row] = await runsOf('probe-fail');
    expect([row.status, row.trigger, row.attempts, row.error]).toEqual(['SUCCEEDED', 'MANUAL', 4, null]);
    expect(ran).toEqual(['2026-04-10']);
  });

  it('takes over a run whose node died (lease passed), but never one that is alive', async () => {
    const { job, ran } = probe('probe-lease', 0);
    let now = at('2026-06-01', 5);
    const s = createScheduler({ db: t.database.db, jobs: [job], log: silent, now: () => now, leaseMs: 60_000 });
    await t.database.db.insert(scheduledJobRuns).values({
      job: job.name,
      businessDate: '2026-06-01',
      status: 'RUNNING',
      trigger: 'SCHEDULE',
      node: 'dead-node:1',
      leaseUntil: new Date(now.getTime() + 30_000),
    });
    const busy = await s.runNow(job.name, '2026-06-01');
    expect(busy).toMatchObject({ outcome: 'skipped', reason: 'running' });
    now = new Date(now.getTime() + 31_000);
    await s.runAllDue();
    expect(ran).toEqual(['2026-06-01']);
    const [row] = await runsOf('probe-lease');
    expect([row.status, row.attempts, row.node]).toEqual(['SUCCEEDED', 2, s.node]);
  });

  it('reads configured hours as name=hour and refuses anything else', () => {
    expect(parseJobHours('supplyloan-daily=1, pledge-margin-calls=9')).toEqual({ 'supplyloan-daily': 1, 'pledge-margin-calls': 9 });
    expect(parseJobHours(undefined)).toEqual({});
    expect(() => parseJobHours('supplyloan-daily=24')).toThrow(/JOB_HOURS/);
    expect(() => parseJobHours('daily')).toThrow(/JOB_HOURS/);
  });
});

describe('job runs in the back office', () => {
  it('lists the jobs with their hour and last run, runs one by hand for operators only', async () => {
    const operator = await t.loginAs('operator');
    const overview = await operator.get('/api/bpm/jobs');
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    expect(body.status).toBe('OK');
    expect(body.message.scheduling).toBe(false); // tests do not run the schedule
    const daily = body.message.jobs.find((j: { name: string }) => j.name === 'close-of-business');
    expect(daily).toMatchObject({ label: expect.stringContaining('日终'), hour: 1 });

    const ran = await operator.post('/api/bpm/jobs/close-of-business/run', {}, { json: true });
    expect(ran.json()).toMatchObject({ status: 'OK', message: expect.stringContaining('已执行完成') });
    const again = await operator.post('/api/bpm/jobs/close-of-business/run', {}, { json: true });
    expect(again.json()).toMatchObject({ status: 'OK', message: expect.stringContaining('已执行过') });

    const runs = (await operator.get('/api/bpm/jobs/runs', { job: 'close-of-business' })).json();
    expect(runs.message.totalCount).toBe(1);
    expect(runs.message.items[0]).toMatchObject({ job: 'close-of-business', status: 'SUCCEEDED', trigger: 'MANUAL', attempts: 1 });
    // The run is made of the close-of-business steps, each with its outcome in words.
    expect(daily.steps.map((s: { name: string }) => s.name)).toEqual(CLOSE_OF_BUSINESS_STEPS.map((s) => s.name));
    const steps = runs.message.items[0].result.steps as { name: string; skipped: boolean; summary: string }[];
    expect(steps.map((s) => s.name)).toEqual(CLOSE_OF_BUSINESS_STEPS.map((s) => s.name));
    expect(steps.every((s) => !s.skipped && s.summary.length > 0)).toBe(true);
    expect(steps[0]!.summary).toMatch(/^新增逾期 \d+ 笔/);

    const future = await operator.post('/api/bpm/jobs/close-of-business/run', { businessDate: '2999-01-01' }, { json: true });
    expect(future.json()).toMatchObject({ status: 'ERROR', message: expect.stringContaining('尚未到执行时间') });
    const bad = await operator.post('/api/bpm/jobs/close-of-business/run', { businessDate: '2026-02-30' }, { json: true });
    expect(bad.statusCode).toBe(400);
    const unknown = await operator.post('/api/bpm/jobs/nope/run', {}, { json: true });
    expect(unknown.json()).toMatchObject({ status: 'ERROR', message: expect.stringContaining('不存在') });

    const merchant = await t.loginAs('demo');
    expect((await merchant.get('/api/bpm/jobs')).statusCode).toBe(403);
    expect((await t.client().get('/api/bpm/jobs/runs')).statusCode).toBe(401);
  });
});
