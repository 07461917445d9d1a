/**
 * Proves the quantity ledger of the supervised warehouses (issue 13):
 *
 *     npm run stock:check
 *
 * Every cached stock position equals the sum of its movements, bucket by bucket (available, pledged,
 * frozen); no bucket is negative; every movement moves exactly its quantity; live receipts are
 * covered by frozen goods and pledged receipts by pledged goods; release orders agree with their
 * stock-outs. Same database as the server (DATABASE_URL, or the PGlite files under DATA_DIR; while a
 * server holds those files the check runs inside that server, as `ledger:check` does — operators also
 * see it at GET /api/bpm/warehouse/stock-check).
 * Exit code 0: proven; 1: a problem was found (each is printed) or the check could not run.
 */
import { checkStock, type StockReport } from '../modules/warehouse/index.ts';
import { runCheck } from './local-control.ts';

function print(report: StockReport, where: string, ms: number): number {
  console.log(`库存账核对（${where}）：${report.positions} 个库存，${report.movements} 条流水，${report.receipts} 张仓单，用时 ${ms} ms`);
  if (report.problems.length) {
    for (const p of report.problems) console.log(`  ✗ ${p}`);
    console.log(`发现 ${report.problems.length} 个问题。`);
    return 1;
  }
  console.log('  ✓ 每个库存的缓存数量与流水合计一致，无负数，仓单与冻结/质押数量相符。');
  return 0;
}

await runCheck({ failure: '库存账核对失败：', check: checkStock, serverPath: '/api/local/stock-check', print });
