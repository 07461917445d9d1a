import { hostname } from 'node:os';
import { chinaDate } from '@factoring/domain';
import type { BackupStatus } from '@factoring/domain/contract';
import type { Db } from '../../db/client.ts';
import { lastFinishedRun, recordFinishedRun } from '../../jobs/job-runs.ts';
import * as clock from '../../lib/clock.ts';
import { BACKUP_JOB, backupRecord, MANUAL_BACKUP_JOB } from './run-names.ts';
import type { BackupResult } from './take-backup.ts';

/** Backups taken with `npm run backup`, kept beside the scheduled runs: one row per China date, the day's latest. */
export { MANUAL_BACKUP_JOB };

/**
 * Records a backup taken by the command (issue 25) where the operator home finds it: a SUCCEEDED row of
 * `scheduled_job_runs` under `backup-manual` for today's date (no table of its own). A second backup on
 * the same day replaces the day's row.
 */
export async function recordManualBackup(db: Db, r: BackupResult, started: Date): Promise<void> {
  await recordFinishedRun(db, {
    job: MANUAL_BACKUP_JOB,
    businessDate: chinaDate(clock.now()),
    trigger: 'MANUAL',
    node: `${hostname()}:${process.pid}`,
    startedAt: started,
    result: backupRecord(r),
  });
}

interface BackupRunResult {
  file: string;
  size: number;
  journalEntries?: number;
  stockMovements?: number;
  files?: number;
}

/** The operator home's backup card: the last successful backup, a scheduled one that failed since, and the schedule. */
export async function backupStatus(db: Db, schedule: BackupStatus['schedule']): Promise<BackupStatus> {
  const last = await lastFinishedRun(db, [BACKUP_JOB, MANUAL_BACKUP_JOB], 'SUCCEEDED', 'file');
  const failed = await lastFinishedRun(db, [BACKUP_JOB], 'FAILED');
  const result = last?.result as BackupRunResult | undefined;
  const lastAt = last?.finishedAt ?? null;
  return {
    last:
      last && result && lastAt
        ? {
            at: lastAt,
            size: Number(result.size) || 0,
            file: String(result.file),
            trigger: last.trigger,
            journalEntries: Number(result.journalEntries ?? 0),
            stockMovements: Number(result.stockMovements ?? 0),
            files: Number(result.files ?? 0),
          }
        : null,
    lastFailure:
      failed?.finishedAt && (!lastAt || failed.finishedAt > lastAt) ? { at: failed.finishedAt, error: failed.error ?? '备份失败' } : null,
    schedule,
  };
}
