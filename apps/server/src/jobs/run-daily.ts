/**
 * The daily job from the command line (cron, or by hand):
 *
 *     npm run jobs:daily                 # today (China)
 *     npm run jobs:daily -- 2026-05-18   # a given business date
 *
 * Uses the same database as the server (DATABASE_URL, or the PGlite files under DATA_DIR) and
 * applies pending migrations first. Idempotent per date: a second run of the same date does nothing.
 */
import { isIsoDate } from '@factoring/domain';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { todayChina } from '../modules/credit/credit-lines.ts';
import { runDailyJob } from './daily.ts';

const arg = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (arg && !isIsoDate(arg)) {
  console.error('用法: npm run jobs:daily [-- YYYY-MM-DD]');
  process.exit(1);
}
const runDate = arg ?? todayChina();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const r = await runDailyJob(database.db, runDate);
  if (r.skipped) console.log(`${runDate} 的日终任务已执行过，本次未重复执行。`);
  else console.log(`${runDate} 日终任务完成：新增逾期 ${r.newlyOverdue} 笔，逾期中 ${r.overdueTranches} 笔，累计罚息 ${(r.penaltyToDate / 100).toFixed(2)} 元，授信到期 ${r.expiredCreditLines} 笔。`);
} catch (err) {
  console.error('日终任务失败：', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
