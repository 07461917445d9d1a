import { randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { runJobBody } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { DataDirLock } from '../db/data-dir-lock.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { outcomeMessage } from '../jobs/routes.ts';
import { checkLedger } from '../modules/ledger/index.ts';
import { checkStock } from '../modules/warehouse/index.ts';
import { importBranches, parseBranchCsv } from '../modules/reference/index.ts';
import { loadConfig } from '../config.ts';
import { recordManualBackup, takeBackup, type BackupResult } from '../modules/backup/index.ts';
import * as clock from '../lib/clock.ts';

export const LOCAL_CONTROL_HEADER = 'x-local-control-token';

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1');

/**
 * The commands' way in while a server holds the embedded database (issue 11): `npm run jobs:daily`,
 * `ledger:check`, `stock:check` and `branches:import` must not open the PGlite files a second time, so they send
 * their work here. Only from this machine, and only with the token from the lock file (readable by
 * the user who started the server): it proves the caller could have opened the files anyway.
 */
export const localControlRoutes: FastifyPluginAsyncZod<{ db: Db; lock: DataDirLock; scheduler: Scheduler }> = async (
  app,
  { db, lock, scheduler },
) => {
  const expected = Buffer.from(lock.holder.token);
  app.addHook('onRequest', async (request, reply) => {
    const given = Buffer.from(String(request.headers[LOCAL_CONTROL_HEADER] ?? ''));
    const tokenOk = given.length === expected.length && timingSafeEqual(given, expected);
    if (!tokenOk || !isLoopback(request.raw.socket.remoteAddress)) {
      return reply.code(403).send({ status: 'ERROR', message: '没有访问权限' });
    }
  });
  const hide = { hide: true };

  app.post(
    '/api/local/jobs/:name/run',
    {
      schema: {
        ...hide,
        params: z.object({ name: z.string().max(100) }),
        // The back office's body: a real calendar date (a bad one is a 400 naming the field).
        body: runJobBody.optional(),
      },
    },
    async (request) => {
      const job = scheduler.jobs.find((j) => j.name === request.params.name);
      if (!job) return { status: 'ERROR', message: `定时任务不存在：${request.params.name}` };
      const businessDate = request.body?.businessDate ?? scheduler.latestDue(job);
      // The back office's rule, not a copy (issue 33): no run of a date that has not come.
      const notDue = scheduler.notYetDue(job, businessDate);
      if (notDue) return { status: 'ERROR', message: { text: notDue, outcome: 'refused', result: null } };
      const r = await scheduler.runNow(job.name, businessDate);
      return {
        status: r.outcome === 'failed' ? 'ERROR' : 'OK',
        message: { text: outcomeMessage(r, businessDate), outcome: r.outcome, result: r.run?.result ?? null },
      };
    },
  );

  app.get('/api/local/ledger-check', { schema: hide }, async () => ({ status: 'OK', message: await checkLedger(db) }));
  app.get('/api/local/stock-check', { schema: hide }, async () => ({ status: 'OK', message: await checkStock(db) }));

  app.post(
    '/api/local/branches/import',
    { bodyLimit: 64 * 1024 * 1024, schema: { ...hide, body: z.object({ csv: z.string() }) } },
    async (request) => ({
      status: 'OK',
      message: await importBranches(db, parseBranchCsv(request.body.csv)),
    }),
  );

  // `npm run backup` (issue 25): the server that holds the embedded database takes the backup itself,
  // in the background (a large one outlasts an HTTP request); the command polls until it is done.
  const backups = new Map<string, { state: 'running' } | { state: 'done'; result: BackupResult } | { state: 'failed'; error: string }>();
  app.post('/api/local/backup', { schema: { ...hide, body: z.object({ file: z.string().min(1).max(4096) }) } }, async (request) => {
    if ([...backups.values()].some((b) => b.state === 'running')) return { status: 'ERROR', message: '已有一个备份正在进行，请稍后再试' };
    const id = randomUUID();
    const file = path.resolve(request.body.file);
    backups.set(id, { state: 'running' });
    const started = clock.now();
    // DATA_DIR is where this server keeps the embedded database: the lock file is DATA_DIR/pglite.lock.
    takeBackup(db, { file, dataDir: path.dirname(lock.file), commit: loadConfig().GIT_COMMIT })
      .then(async (result) => {
        await recordManualBackup(db, result, started);
        backups.set(id, { state: 'done', result });
      })
      .catch((err: unknown) => {
        request.log.error({ err }, 'backup failed');
        backups.set(id, { state: 'failed', error: err instanceof Error ? err.message : String(err) });
      });
    return { status: 'OK', message: { id } };
  });
  app.get('/api/local/backup/:id', { schema: { ...hide, params: z.object({ id: z.string().max(100) }) } }, async (request) => {
    const b = backups.get(request.params.id);
    if (!b) return { status: 'ERROR', message: '没有这个备份任务' };
    if (b.state !== 'running') backups.delete(request.params.id);
    return { status: 'OK', message: b };
  });
};
