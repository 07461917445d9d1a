/**
 * Restores a backup (issue 25) into an empty target:
 *
 *     npm run restore -- FILE [--data-dir DIR] [--database-url URL]
 *
 * The target is the embedded database under DIR/pglite (default DATA_DIR, ./data), or the PostgreSQL
 * database of --database-url / DATABASE_URL (create it first: `createdb portal_restored`); stored files
 * go under DIR either way. A target that holds data is refused, as is an archive whose members do not
 * match its manifest. The data is loaded at the backup's migration level, later migrations are
 * applied, and the result is proven: row counts, the money ledger (ledger:check), the goods ledger
 * (stock:check) and every contract file and upload against its recorded SHA-256.
 * Exit code 0: restored and proven; 1: refused, failed, or a check found a mismatch.
 */
import path from 'node:path';
import { formatYuan } from '@factoring/domain';
import { BackupError, restoreBackup } from '../modules/backup/index.ts';

const count = (n: number) => formatYuan(n * 100).replace(/\.00$/, '');

function parseArgs(argv: string[]) {
  let file: string | undefined;
  let dataDir = process.env.DATA_DIR ?? './data';
  let databaseUrl = process.env.DATABASE_URL || undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--data-dir') dataDir = argv[++i];
    else if (a.startsWith('--data-dir=')) dataDir = a.slice('--data-dir='.length);
    else if (a === '--database-url') databaseUrl = argv[++i];
    else if (a.startsWith('--database-url=')) databaseUrl = a.slice('--database-url='.length);
    else if (/^postgres(ql)?:\/\//.test(a) && file) databaseUrl = a;
    else if (!a.startsWith('--') && !file) file = a;
    else throw new Error(`无法识别的参数：${a}`);
  }
  if (!file) throw new Error('用法：npm run restore -- 备份文件.tar.gz [--data-dir 目录] [--database-url postgres://…]');
  if (!dataDir) throw new Error('--data-dir 需要一个目录');
  return { file, dataDir, databaseUrl };
}

try {
  const args = parseArgs(process.argv.slice(2));
  const where = args.databaseUrl
    ? `PostgreSQL ${args.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}，文件目录 ${path.resolve(args.dataDir)}`
    : `嵌入式数据库 ${path.resolve(args.dataDir)}`;
  console.log(`恢复 ${path.resolve(args.file)} → ${where}`);
  const r = await restoreBackup(args.file, { dataDir: args.dataDir, databaseUrl: args.databaseUrl });
  const b = r.backup;
  console.log(
    `  备份：${b.createdAtChina}（中国时间），门户 ${b.portal.version}（${b.portal.commit}），来源 ${b.source.engine}，迁移 ${b.migration}`,
  );
  console.log(`  清单核对：每个文件的 SHA-256 与清单一致`);
  console.log(`  已恢复：${r.tables} 张表 ${count(r.rows)} 行，文件 ${r.files} 个，用时 ${(r.ms / 1000).toFixed(1)} s`);
  console.log(`  之后的迁移：${r.laterMigrations.length ? r.laterMigrations.join('、') : '无（备份与本版本结构一致）'}`);
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  console.log(
    `  ${mark(!r.ledger.problems.length)} 资金账簿：${count(r.ledger.entries)} 笔分录，${count(r.ledger.lines)} 行，${r.ledger.accounts} 个账户，借贷发生额各 ¥${formatYuan(r.ledger.turnover)}`,
  );
  console.log(
    `  ${mark(!r.stock.problems.length)} 库存账：${r.stock.positions} 个库存，${count(r.stock.movements)} 条流水，${r.stock.receipts} 张仓单`,
  );
  console.log(
    `  ${mark(!r.storedFiles.problems.length)} 文件核验：${r.storedFiles.contracts} 份合同的 ${r.storedFiles.contractFiles} 个文件（原文与签署版）、${r.storedFiles.uploads} 个上传文件与记录的 SHA-256 比对`,
  );
  if (r.problems.length) {
    for (const p of r.problems) console.log(`  ✗ ${p}`);
    console.log(`恢复完成，但发现 ${r.problems.length} 个问题（见上），请勿使用该目标。`);
    process.exitCode = 1;
  } else {
    console.log('恢复完成：账簿、库存账与全部文件均已核对无误。');
  }
} catch (err) {
  if (err instanceof BackupError) {
    console.error(`拒绝恢复（${err.code}）：${err.message}`);
  } else {
    console.error('恢复失败：', err instanceof Error ? err.message : err);
    console.error('目标可能已部分写入：请清空（或删除后重新创建）目标数据库与目录后再试。');
  }
  process.exitCode = 1;
}
