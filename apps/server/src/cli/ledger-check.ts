/**
 * Proves the ledger (issue 5):
 *
 *     npm run ledger:check
 *
 * Every journal entry has two or more lines and its debits equal its credits; every cached balance
 * and line count equals the sum of its account's lines; no enterprise part is negative; controlled
 * tranches and pending withdrawals agree with the ledger. Uses the same database as the server
 * (DATABASE_URL, or the PGlite files under DATA_DIR; while a server holds those files the check runs
 * inside that server — operators also see it at GET /api/bpm/funds/ledger-check).
 * Exit code 0: proven; 1: a problem was found (each is printed) or the check could not run.
 */
import { formatYuan } from '@factoring/domain';
import { checkLedger, type LedgerReport } from '../modules/ledger/index.ts';
import { runCheck } from './local-control.ts';

function print(report: LedgerReport, where: string, ms: number): number {
  console.log(
    `账簿核对（${where}）：${report.entries} 笔分录，${report.lines} 行，${report.accounts} 个账户，借贷发生额各 ¥${formatYuan(report.turnover)}，用时 ${ms} ms`,
  );
  if (report.problems.length) {
    for (const p of report.problems) console.log(`  ✗ ${p}`);
    console.log(`发现 ${report.problems.length} 个问题。`);
    return 1;
  }
  console.log('  ✓ 每笔分录借贷平衡，缓存余额与账簿合计一致，企业余额无负数。');
  return 0;
}

await runCheck({ failure: '账簿核对失败：', check: checkLedger, serverPath: '/api/local/ledger-check', print });
