/**
 * Backups (issue 25): what the commands, the local control channel and app.ts use.
 * `npm run backup` / `npm run restore` are apps/server/src/cli/backup.ts and restore.ts.
 */
export { takeBackup, type BackupOptions, type BackupResult } from './take-backup.ts';
export { restoreBackup, type RestoreReport, type RestoreTarget } from './restore-backup.ts';
export { BackupError } from './archive-format.ts';
export { backupJob, backupSchedule, backupFileName, createBackupJob } from './backup-job.ts';
export { recordManualBackup } from './backup-status.ts';
export { backupRoutes } from './routes.ts';
