/**
 * The daily job by hand (the server also runs it by itself at its China-time hour, see scheduler.ts):
 *
 *     npm run jobs:daily                 # the latest business date due (China time)
 *     npm run jobs:daily -- 2026-05-18   # a given business date
 *
 * On PostgreSQL it runs here. On the embedded database a running server holds the files, so the
 * command asks that server to run it (cli/local-control.ts); with no server running it opens the
 * files itself. Either way the run is recorded with the scheduled runs (back office → 定时任务) and
 * happens once per date: a second run of the same date does nothing.
 */
import { isIsoDate } from '@factoring/domain';
import { runCommand } from '../cli/local-control.ts';
import { DAILY_JOB, dailyJob, type DailyResult } from './daily.ts';
import { createScheduler, type RunOutcome } from './scheduler.ts';

const arg = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (arg && !isIsoDate(arg)) {
  console.error('用法: npm run jobs:daily [-- YYYY-MM-DD]');
  process.exit(1);
}

function report(outcome: string, result: unknown, text: string): number {
  if (outcome === 'failed') {
    console.error(`日终任务失败：${text}`);
    return 1;
  }
  const r = result as DailyResult | null;
  if (outcome === 'ran' && r && !r.skipped) {
    console.log(
      `${r.runDate} 日终任务完成：新增逾期 ${r.newlyOverdue} 笔，逾期中 ${r.overdueTranches} 笔，累计罚息 ${(r.penaltyToDate / 100).toFixed(2)} 元，授信到期 ${r.expiredCreditLines} 笔。`,
    );
  } else {
    console.log(text);
  }
  return 0;
}

const quietLog = { info: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };

await runCommand({
  async direct(database) {
    await database.migrate();
    const scheduler = createScheduler({ db: database.db, jobs: [dailyJob], log: quietLog });
    const runDate = arg ?? scheduler.latestDue(dailyJob);
    const r: RunOutcome = await scheduler.runNow(DAILY_JOB, runDate);
    const text =
      r.outcome === 'failed'
        ? (r.run.error ?? '')
        : r.outcome === 'ran'
          ? `${runDate} 已执行完成`
          : `${runDate} 的日终任务已执行过（或正在执行），本次未重复执行。`;
    return report(r.outcome, r.run?.result ?? null, text);
  },
  async viaServer(call) {
    const res = await call<{ text: string; outcome: string; result: unknown }>(
      'POST',
      `/api/local/jobs/${DAILY_JOB}/run`,
      arg ? { businessDate: arg } : {},
    );
    return report(res.message.outcome ?? 'failed', res.message.result, res.message.text ?? String(res.message));
  },
});
