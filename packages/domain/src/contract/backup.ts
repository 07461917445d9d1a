import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

/**
 * Backups on the operator home (issue 25): the last successful backup (time, size) — a scheduled one or
 * one taken with `npm run backup` — a scheduled backup that failed since, and whether the daily backup
 * is switched on (BACKUP_SCHEDULE), at which China-time hour and how many archives it keeps.
 */
export const backupStatusSchema = z.object({
  last: z
    .object({
      at: timestampSchema,
      /** Bytes of the archive. */
      size: z.number().int().nonnegative(),
      /** The archive's file name (without the server's folder). */
      file: z.string(),
      trigger: z.enum(['SCHEDULE', 'CATCH_UP', 'MANUAL']),
      journalEntries: z.number().int().nonnegative(),
      stockMovements: z.number().int().nonnegative(),
      files: z.number().int().nonnegative(),
    })
    .nullable(),
  /** The latest scheduled backup, when it failed after the last successful one. */
  lastFailure: z.object({ at: timestampSchema, error: z.string() }).nullable(),
  schedule: z.object({
    enabled: z.boolean(),
    /** China-time hour of the daily backup. */
    hour: z.number().int().min(0).max(23),
    /** Scheduled archives kept; older ones are removed. */
    keep: z.number().int().positive(),
  }),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

// The operation (issue 23): defined once, served by apps/server/src/modules/backup/routes.ts, read by the
// operator home (features/dashboard/api.ts).
export const backupApi = {
  latest: endpoint({
    method: 'GET',
    path: '/api/bpm/backups/latest',
    tag: 'bpm',
    access: 'operator',
    summary: '最近一次成功的备份（时间、大小）与定时备份设置',
    answer: backupStatusSchema,
  }),
};
