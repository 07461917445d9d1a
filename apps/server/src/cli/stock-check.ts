/**
 * Proves the quantity ledger of the supervised warehouses (issue 13):
 *
 *     npm run stock:check
 *
 * Every cached stock position equals the sum of its movements, bucket by bucket (available, pledged,
 * frozen); no bucket is negative; every movement moves exactly its quantity; live receipts are
 * covered by frozen goods and pledged receipts by pledged goods; release orders agree with their
 * stock-outs. Same database as the server (DATABASE_URL, or the PGlite files under DATA_DIR — stop a
 * server using those files first; a running portal answers operators at GET /api/bpm/warehouse/stock-check).
 * Exit code 0: proven; 1: a problem was found (each is printed) or the check could not run.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkStock } from '../modules/warehouse/stock-check.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const started = Date.now();
  const report = await checkStock(database.db);
  console.log(
    `库存账核对（${database.kind}）：${report.positions} 个库存，${report.movements} 条流水，${report.receipts} 张仓单，用时 ${Date.now() - started} ms`,
  );
  if (report.problems.length) {
    for (const p of report.problems) console.log(`  ✗ ${p}`);
    console.log(`发现 ${report.problems.length} 个问题。`);
    process.exitCode = 1;
  } else {
    console.log('  ✓ 每个库存的缓存数量与流水合计一致，无负数，仓单与冻结/质押数量相符。');
  }
} catch (err) {
  console.error('库存账核对失败：', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
