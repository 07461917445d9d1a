/**
 * Loads a union bank number file into the branch table:
 *
 *     npm run branches:import -- path/to/branches.csv
 *
 * Columns: unionBankNo,bankCode,name,cityCode[,bankName] (UTF-8, header optional; see
 * modules/reference/import-branches.ts). Uses the same database as the server (DATABASE_URL, or
 * the PGlite files under DATA_DIR; while a server holds those files, the import runs inside it),
 * applies pending migrations and the bank list first.
 * Exit code 0: every row imported; 2: some rows were reported and skipped; 1: failure.
 */
import { readFile } from 'node:fs/promises';
import { seedCertificationReference } from '../seed/reference.ts';
import { importBranches, parseBranchCsv, type ImportResult } from '../modules/reference/index.ts';
import { runCommand } from './local-control.ts';

const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!file) {
  console.error('用法: npm run branches:import -- <文件.csv>\n列: unionBankNo,bankCode,name,cityCode[,bankName]');
  process.exit(1);
}

function print(result: ImportResult): number {
  console.log(`导入完成：${result.imported} 条网点已写入（新增或更新），${result.skipped} 条跳过。`);
  if (result.addedBanks.length) console.log(`新增银行代码：${result.addedBanks.join(', ')}`);
  for (const p of result.problems.slice(0, 50)) console.log(`  ${p.line ? `第 ${p.line} 行：` : ''}${p.message}`);
  if (result.problems.length > 50) console.log(`  …另有 ${result.problems.length - 50} 条问题未列出`);
  return result.problems.length ? 2 : 0;
}

try {
  const csv = await readFile(file, 'utf8');
  await runCommand({
    async direct(database) {
      await database.migrate();
      await seedCertificationReference(database.db);
      return print(await importBranches(database.db, parseBranchCsv(csv)));
    },
    async viaServer(call) {
      return print((await call<ImportResult>('POST', '/api/local/branches/import', { csv })).message);
    },
  });
} catch (err) {
  console.error('导入失败：', err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
