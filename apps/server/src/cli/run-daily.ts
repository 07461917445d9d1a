/**
 * The close of business by hand (the server also runs it by itself at its China-time hour, see scheduler.ts):
 *
 *     npm run jobs:daily                 # the latest business date due (China time)
 *     npm run jobs:daily -- 2026-05-18   # a given business date (one whose run is due: not after today, China time)
 *
 * On PostgreSQL it runs here. On the embedded database a running server holds the files, so the
 * command asks that server to run it (cli/local-control.ts); with no server running it opens the
 * files itself. Either way the run is recorded with the scheduled runs (back office → 定时任务) and
 * happens once per date: a second run of the same date does nothing.
 */
import { isIsoDate } from '@factoring/domain';
import { CLOSE_OF_BUSINESS_STEPS } from '../app.ts';
import { runCommand } from './local-control.ts';
import { CLOSE_OF_BUSINESS_JOB, closeOfBusinessJob, type StepOutcome } from '../jobs/close-of-business.ts';
import { createScheduler, parseJobHours, type RunOutcome } from '../jobs/scheduler.ts';

const arg = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (arg && !isIsoDate(arg)) {
  console.error('用法: npm run jobs:daily [-- YYYY-MM-DD]');
  process.exit(1);
}

function report(outcome: string, result: unknown, text: string): number {
  if (outcome === 'refused') {
    console.error(text);
    return 1;
  }
  if (outcome === 'failed') {
    console.error(`日终批处理失败：${text}`);
    return 1;
  }
  console.log(text);
  const steps = (result as { steps?: StepOutcome[] } | null)?.steps ?? [];
  for (const s of steps) console.log(`  ${s.label}：${s.skipped ? '已执行过，' : ''}${s.summary}`);
  return 0;
}

const quietLog = { info: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };

await runCommand({
  async direct(database, config) {
    const job = closeOfBusinessJob(CLOSE_OF_BUSINESS_STEPS);
    const scheduler = createScheduler({ db: database.db, jobs: [job], log: quietLog, hours: parseJobHours(config.JOB_HOURS) });
    const runDate = arg ?? scheduler.latestDue(job);
    // The back office's rule (issue 33): a date that has not come is refused, nothing touched.
    const notDue = scheduler.notYetDue(job, runDate);
    if (notDue) return report('refused', null, notDue);
    await database.migrate();
    const r: RunOutcome = await scheduler.runNow(CLOSE_OF_BUSINESS_JOB, runDate);
    const text =
      r.outcome === 'failed'
        ? (r.run.error ?? '')
        : r.outcome === 'ran'
          ? `${runDate} 日终批处理已执行完成`
          : `${runDate} 的日终批处理已执行过（或正在执行），本次未重复执行。`;
    return report(r.outcome, r.run?.result ?? null, text);
  },
  async viaServer(call) {
    const res = await call<{ text: string; outcome: string; result: unknown }>(
      'POST',
      `/api/local/jobs/${CLOSE_OF_BUSINESS_JOB}/run`,
      arg ? { businessDate: arg } : {},
    );
    return report(res.message.outcome ?? 'failed', res.message.result, res.message.text ?? String(res.message));
  },
});
