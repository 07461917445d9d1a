import path from 'node:path';
import type { BackupResult } from './take-backup.ts';

/** The scheduled backup's run name, and the name a backup taken by the command is recorded under. */
export const BACKUP_JOB = 'backup';
export const MANUAL_BACKUP_JOB = 'backup-manual';

/** A backup in words, for 定时任务: the archive, its size and what it holds. */
export function backupSummary(r: Pick<BackupResult, 'file' | 'size' | 'journalEntries' | 'stockMovements' | 'files'>): string {
  const mb = (r.size / 1024 / 1024).toFixed(1);
  return `${path.basename(r.file)}，${mb} MB：${r.journalEntries} 笔分录、${r.stockMovements} 条库存流水、${r.files} 个文件`;
}

/** What a run records of a backup (定时任务 and the operator home read it): the summary and the figures. */
export function backupRecord(r: BackupResult) {
  return {
    summary: backupSummary(r),
    file: path.basename(r.file),
    size: r.size,
    tables: r.tables,
    rows: r.rows,
    files: r.files,
    journalEntries: r.journalEntries,
    journalLines: r.journalLines,
    stockMovements: r.stockMovements,
  };
}
