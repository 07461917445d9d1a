import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { addDays, chinaDate, formatChinaDateTime, type IsoDate } from '@factoring/domain';
import { loadConfig, type Config } from '../../config.ts';
import { skipRun, type ScheduledJob } from '../../jobs/scheduler.ts';
import * as clock from '../../lib/clock.ts';
import { BACKUP_JOB, backupRecord, MANUAL_BACKUP_JOB } from './run-names.ts';
import { takeBackup } from './take-backup.ts';

export { BACKUP_JOB };
/** The China-time hour of the daily backup unless JOB_HOURS says `backup=H`. */
export const BACKUP_HOUR = 2;

export interface BackupSchedule {
  enabled: boolean;
  /** Where the archives go. */
  dir: string;
  /** Scheduled archives kept. */
  keep: number;
  dataDir: string;
  commit: string;
  /** SIGNING_KEY_SECRET: the manifest's HMAC key is derived from it (issue 33). Unset: as configured. */
  secret?: string;
}

/** The schedule from the configuration: on by default with DATABASE_URL, off on the embedded database. */
export function backupSchedule(config: Config): BackupSchedule {
  return {
    enabled: (config.BACKUP_SCHEDULE ?? (config.DATABASE_URL ? 'on' : 'off')) === 'on',
    dir: path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups')),
    keep: config.BACKUP_KEEP,
    dataDir: config.DATA_DIR,
    commit: config.GIT_COMMIT,
    secret: config.SIGNING_KEY_SECRET,
  };
}

/** `factoring-backup-20261126-020000-scheduled.tar.gz`: China time, so names sort by age. */
export function backupFileName(at: Date, kind: 'scheduled' | 'manual'): string {
  const stamp = formatChinaDateTime(at).replace(/[-:]/g, '').replace(' ', '-');
  return `factoring-backup-${stamp}${kind === 'scheduled' ? '-scheduled' : ''}.tar.gz`;
}

const SCHEDULED = /^factoring-backup-\d{8}-\d{6}-scheduled\.tar\.gz$/;

/** Removes the oldest scheduled archives beyond `keep`; manual ones and other files are left alone. Answers the names removed. */
export async function pruneScheduledBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => SCHEDULED.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const n of old) await rm(path.join(dir, n), { force: true });
  return old;
}

/**
 * The daily backup as a scheduled job (issue 25): the same backup as `npm run backup`, written to
 * BACKUP_DIR, keeping the newest BACKUP_KEEP scheduled archives. The scheduler records each run
 * (scheduled_job_runs), which the operator home reads. Switched off it does nothing and its run reads
 * 跳过 (SKIPPED); a catch-up run for a date before yesterday is skipped too (the next run backs up the present).
 * Stored files missing or changed at the time of the backup fail the run after the archive is written,
 * so operators see it.
 */
export function createBackupJob(settings: () => BackupSchedule): ScheduledJob {
  return {
    name: BACKUP_JOB,
    label: '数据备份（数据库与文件）',
    hour: BACKUP_HOUR,
    alsoRecords: [{ name: MANUAL_BACKUP_JOB, label: '数据备份（手动）' }],
    async run({ db, log }, businessDate: IsoDate) {
      const s = settings();
      // Nothing done is a skipped run (跳过), never a success (issue 37).
      if (!s.enabled) return skipRun('定时备份未开启：请联系系统管理员开启每日定时备份', { enabled: false });
      if (businessDate < addDays(chinaDate(clock.now()), -1)) return skipRun(`补跑日期 ${businessDate} 不另做备份`, { skipped: true });
      const file = path.join(s.dir, backupFileName(clock.now(), 'scheduled'));
      const r = await takeBackup(db, { file, dataDir: s.dataDir, commit: s.commit, secret: s.secret });
      const removed = await pruneScheduledBackups(s.dir, s.keep);
      log.info({ file: r.file, size: r.size, removed }, 'scheduled backup written');
      if (r.problems.length)
        throw new Error(`备份已写出（${path.basename(r.file)}），但有 ${r.problems.length} 个文件问题：${r.problems.join('；')}`);
      const record = backupRecord(r);
      return {
        ...record,
        summary: `${record.summary}${removed.length ? `；按保留 ${s.keep} 份删除旧备份 ${removed.length} 个` : ''}`,
        removed: removed.length,
        keep: s.keep,
      };
    },
  };
}

/** The job for `SCHEDULED_JOBS` in app.ts: its settings are read from the environment when it runs. */
export const backupJob: ScheduledJob = createBackupJob(() => backupSchedule(loadConfig()));
