import { backupApi } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { parseJobHours } from '../../jobs/scheduler.ts';
import { ok } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import { BACKUP_HOUR, BACKUP_JOB, backupSchedule } from './backup-job.ts';
import { backupStatus } from './backup-status.ts';

/** Backups on the operator home (issue 25): the last successful backup and the daily schedule. Operators only. */
export const backupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const schedule = backupSchedule(ctx.config);
  const hour = parseJobHours(ctx.config.JOB_HOURS)[BACKUP_JOB] ?? BACKUP_HOUR;
  serve(app, backupApi.latest, async () =>
    ok(await backupStatus(ctx.database.db, { enabled: schedule.enabled, hour, keep: schedule.keep })),
  );
};
