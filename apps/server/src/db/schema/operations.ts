import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampNow } from './timestamps.ts';

/**
 * One row per scheduled job and business date (issue 11): the node that inserts it (or takes over an
 * expired lease, or retries a failure) runs the job, so every job runs once per day across all app
 * nodes. Operators read these rows in the back office.
 */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** SKIPPED (issue 37): the job did nothing by design (switched off, no work for the date); done like SUCCEEDED. */
    status: text('status', { enum: ['RUNNING', 'SUCCEEDED', 'SKIPPED', 'FAILED'] }).notNull(),
    trigger: text('trigger', { enum: ['SCHEDULE', 'CATCH_UP', 'MANUAL'] }).notNull(),
    /** host:pid of the node that ran (or runs) it. */
    node: text('node').notNull(),
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestampNow('started_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A RUNNING row whose lease has passed belongs to a node that died: another node may take it over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('scheduled_job_runs_job_date').on(t.job, t.businessDate),
    index('scheduled_job_runs_started').on(t.startedAt.desc()),
    check('scheduled_job_runs_attempts', sql`${t.attempts} >= 1`),
  ],
);

/** One row per (job, business date) a scheduled job has completed: reruns of the same day do nothing. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    startedAt: timestampNow('started_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.runDate] })],
);
