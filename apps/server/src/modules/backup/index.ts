/**
 * Backups (issue 25): what the commands and the local control channel use, and the job app.ts schedules.
 * `npm run backup` / `npm run restore` are apps/server/src/cli/backup.ts and restore.ts.
 * app.ts registers routes.ts itself.
 */
export { takeBackup, type BackupOptions, type BackupResult } from './take-backup.ts';
export { restoreBackup, type RestoreReport, type RestoreTarget } from './restore-backup.ts';
export { BackupError } from './archive-format.ts';
export { backupJob, backupSchedule, backupFileName, createBackupJob } from './backup-job.ts';
export { recordManualBackup } from './backup-status.ts';
