/**
 * Proves the ledger (issue 5):
 *
 *     npm run ledger:check
 *
 * Every journal entry has two or more lines and its debits equal its credits; every cached balance
 * and line count equals the sum of its account's lines; no enterprise part is negative; controlled
 * tranches and pending withdrawals agree with the ledger. Uses the same database as the server
 * (DATABASE_URL, or the PGlite files under DATA_DIR — stop a server using those files first; a running
 * portal also answers the same check to operators at GET /api/bpm/funds/ledger-check).
 * Exit code 0: proven; 1: a problem was found (each is printed) or the check could not run.
 */
import { formatYuan } from '@factoring/domain';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkLedger } from '../modules/ledger/ledger-check.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const started = Date.now();
  const report = await checkLedger(database.db);
  console.log(
    `账簿核对（${database.kind}）：${report.entries} 笔分录，${report.lines} 行，${report.accounts} 个账户，借贷发生额各 ¥${formatYuan(report.turnover)}，用时 ${Date.now() - started} ms`,
  );
  if (report.problems.length) {
    for (const p of report.problems) console.log(`  ✗ ${p}`);
    console.log(`发现 ${report.problems.length} 个问题。`);
    process.exitCode = 1;
  } else {
    console.log('  ✓ 每笔分录借贷平衡，缓存余额与账簿合计一致，企业余额无负数。');
  }
} catch (err) {
  console.error('账簿核对失败：', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
