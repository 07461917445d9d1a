/**
 * Takes a backup (issue 25):
 *
 *     npm run backup [-- FILE]
 *
 * One .tar.gz holding a consistent copy of the database (every row, read in one REPEATABLE READ
 * snapshot) and of every stored file it names (uploads, contract originals and signed versions), with
 * a manifest: portal version and migration, time, ledger row counts and the SHA-256 of every member.
 * The portal keeps serving meanwhile. On PostgreSQL (DATABASE_URL) the command reads the database
 * itself; on the embedded database it asks the running server to take the backup (the local control
 * channel), or opens the files when no server holds them. Without FILE the archive goes to BACKUP_DIR
 * (default DATA_DIR/backups) as factoring-backup-<China time>.tar.gz.
 * Exit code 0: written; 1: failed, or written but a stored file was missing or did not match its record.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatYuan } from '@factoring/domain';
import { loadConfig } from '../config.ts';
import * as clock from '../lib/clock.ts';
import { backupFileName, backupSchedule, recordManualBackup, takeBackup, type BackupResult } from '../modules/backup/index.ts';
import { runCommand, type ServerCall } from './local-control.ts';

const mb = (n: number) => (n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);
const count = (n: number) => formatYuan(n * 100).replace(/\.00$/, '');

function print(r: BackupResult, where: string): number {
  console.log(`备份完成（${where}）：${r.file}`);
  console.log(
    `  大小 ${mb(r.size)}，用时 ${(r.ms / 1000).toFixed(1)} s（数据库快照 ${(r.snapshotMs / 1000).toFixed(1)} s，期间门户照常服务）`,
  );
  console.log(`  数据库：${r.engine}，迁移 ${r.migration}，${r.tables} 张表 ${count(r.rows)} 行`);
  console.log(`  资金账簿 ${count(r.journalEntries)} 笔分录 / ${count(r.journalLines)} 行；库存账 ${count(r.stockMovements)} 条流水`);
  console.log(`  文件 ${r.files} 个（上传文件、合同原文与签署版），清单记有每个文件的 SHA-256`);
  if (r.problems.length) {
    for (const p of r.problems) console.log(`  ✗ ${p}`);
    console.log(`备份已写出，但数据库记录的文件有 ${r.problems.length} 个问题（见上）。`);
    return 1;
  }
  return 0;
}

/** Asks the server holding the embedded database to take the backup, and waits for it. */
async function viaServer(call: ServerCall, file: string): Promise<BackupResult> {
  const answer = async <T>(method: 'GET' | 'POST', route: string, body?: unknown) => {
    const r = await call<T>(method, route, body);
    if (r.status !== 'OK') throw new Error(String(r.message));
    return r.message;
  };
  const { id } = await answer<{ id: string }>('POST', '/api/local/backup', { file });
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const b = await answer<{ state: 'running' } | { state: 'done'; result: BackupResult } | { state: 'failed'; error: string }>(
      'GET',
      `/api/local/backup/${id}`,
    );
    if (b.state === 'done') return b.result;
    if (b.state === 'failed') throw new Error(b.error);
  }
}

try {
  const config = loadConfig();
  const given = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const file = path.resolve(given ?? path.join(backupSchedule(config).dir, backupFileName(clock.now(), 'manual')));
  if (!config.DATABASE_URL && !existsSync(path.join(config.DATA_DIR, 'pglite'))) {
    throw new Error(`${path.resolve(config.DATA_DIR, 'pglite')} 下没有嵌入式数据库（请设置 DATA_DIR 或 DATABASE_URL）`);
  }
  await runCommand({
    async direct(database) {
      const started = clock.now();
      const r = await takeBackup(database.db, { file, dataDir: config.DATA_DIR, commit: config.GIT_COMMIT });
      await recordManualBackup(database.db, r, started);
      return print(r, database.kind);
    },
    async viaServer(call) {
      return print(await viaServer(call, file), 'pglite，由运行中的服务执行');
    },
  });
} catch (err) {
  console.error('备份失败：', err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
