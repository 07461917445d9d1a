import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, SCHEDULED_JOBS } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { DEMO_PASSWORD, seedDemoWorld, seedReferenceData } from '../seed/demo-world.ts';
import type { ScheduledJob } from './scheduler.ts';

/**
 * Two app nodes on one PostgreSQL database, as behind a load balancer (issue 11): each node its own
 * process state and connection pool, nothing shared but the database. Runs in the api-postgres
 * project (TEST_DATABASE_URL); PGlite is one process by design.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && !!adminUrl;
const ORIGIN = 'http://portal.test';
const name = `fp_2n_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

async function admin(q: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

/** A probe job that takes a while, so runs started on both nodes overlap. */
const executions: string[] = [];
const slowProbe: ScheduledJob = {
  name: 'two-node-probe',
  label: '双节点探针',
  hour: 0,
  async run(ctx, date) {
    executions.push(`${ctx.node} ${date}`);
    await new Promise((r) => setTimeout(r, 300));
    return { date };
  },
};

let nodeA: { app: FastifyInstance; database: Database };
let nodeB: { app: FastifyInstance; database: Database };
let migrations: number;

describe.skipIf(!onPostgres)('two app nodes on one PostgreSQL', () => {
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: url.toString(),
      PUBLIC_ORIGIN: ORIGIN,
      AUTH_RATE_LIMIT: '3',
      JOBS: 'off',
      // A data folder (signing authority, contracts) of the test's own, never the developer's ./data.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-two-nodes-')),
      SIGNING_KEY_SECRET: 'two-nodes-signing-secret',
    });
    const a = openPostgres(url.toString(), 5);
    const b = openPostgres(url.toString(), 5);
    // Both nodes start at once on an empty database: the migration lock lets one apply, the other wait.
    await Promise.all([a.migrate(), b.migrate()]);
    migrations = JSON.parse(
      readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta/_journal.json'), 'utf8'),
    ).entries.length;
    await seedReferenceData(a.db);
    await seedDemoWorld(a.db);
    const jobs = [...SCHEDULED_JOBS, slowProbe];
    nodeA = { app: await buildApp(config, a, { jobs }), database: a };
    nodeB = { app: await buildApp(config, b, { jobs }), database: b };
    await Promise.all([nodeA.app.ready(), nodeB.app.ready()]);
  }, 120_000);

  afterAll(async () => {
    for (const n of [nodeA, nodeB]) {
      await n?.app.close();
      await n?.database.close();
    }
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('applied each migration once although both nodes migrated at the same time', async () => {
    const [row] = rowsOf(
      await nodeA.database.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`,
      ),
    );
    expect(row).toEqual({ n: migrations, distinct_n: migrations });
  });

  async function login(app: FastifyInstance): Promise<LightMyRequestResponse> {
    const current = (await app.inject({ method: 'GET', url: '/api/user/current', headers: { host: 'portal.test' } })).json();
    const { modulus, exponent } = current.message as { modulus: string; exponent: string };
    const key = createPublicKey({
      key: { kty: 'RSA', n: Buffer.from(modulus, 'hex').toString('base64url'), e: Buffer.from(exponent, 'hex').toString('base64url') },
      format: 'jwk',
    });
    const password = publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEMO_PASSWORD),
    ).toString('base64');
    return app.inject({
      method: 'POST',
      url: '/api/login',
      headers: {
        host: 'portal.test',
        origin: ORIGIN,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ username: 'demo', password, loginType: 'PASSWORD', maskLoginVisible: 'false' }).toString(),
    });
  }

  it('a user logged in on one node works on the other, and a logout on the other ends it on both', async () => {
    const res = await login(nodeA.app);
    expect(res.json().status).toBe('OK');
    const cookie = `factoring_sid=${res.cookies.find((c) => c.name === 'factoring_sid')!.value}`;
    const headers = { host: 'portal.test', cookie };
    const onB = await nodeB.app.inject({ method: 'GET', url: '/api/funds/flows?page=1&size=5', headers });
    expect(onB.statusCode).toBe(200);
    expect(onB.json().status).toBe('OK');
    const me = (await nodeB.app.inject({ method: 'GET', url: '/api/user/current', headers })).json();
    expect(me.message.loginUser).toMatchObject({ loginName: 'demo' });

    const out = await nodeB.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...headers, origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(out.statusCode).toBe(200);
    expect((await nodeA.app.inject({ method: 'GET', url: '/api/funds/flows', headers })).statusCode).toBe(401);
  });

  it('counts login attempts across nodes: the limit holds for the pair, not per node', async () => {
    // AUTH_RATE_LIMIT=3 per minute per IP; the previous test used one login on node A.
    const answers = [await login(nodeB.app), await login(nodeA.app), await login(nodeB.app)].map((r) => r.statusCode);
    expect(answers).toEqual([200, 200, 429]);
  });

  it('a job started on both nodes at once runs once per business date', async () => {
    await Promise.all([nodeA.app.scheduler.runAllDue(), nodeB.app.scheduler.runAllDue()]);
    expect(executions).toHaveLength(1);
    const runs = rowsOf(
      await nodeA.database.db.execute(sql`select job, business_date, status, attempts from scheduled_job_runs order by job`),
    );
    // Every registered job (the daily job, the probe, and whatever other areas registered): one run, one attempt.
    expect(runs.map((r) => r.job)).toEqual([...SCHEDULED_JOBS.map((j) => j.name), slowProbe.name].sort());
    // Done means succeeded, or skipped by design (issue 37: the daily backup switched off in this configuration).
    for (const r of runs) {
      expect(r, String(r.job)).toMatchObject({ attempts: 1 });
      expect(['SUCCEEDED', 'SKIPPED'], String(r.job)).toContain(r.status);
    }
    // One run of the daily job for the scheduled business date (the seeded year ran it for two past dates of its own).
    const businessDate = String(runs.find((r) => r.job === 'close-of-business')!.business_date);
    const daily = rowsOf(
      await nodeA.database.db.execute(
        sql`select count(*)::int as n from job_runs where job = 'supplyloan-overdue' and run_date = ${businessDate}::date`,
      ),
    );
    expect(daily).toEqual([{ n: 1 }]);
    // A second round on both finds the day done.
    await Promise.all([nodeA.app.scheduler.runAllDue(), nodeB.app.scheduler.runAllDue()]);
    expect(executions).toHaveLength(1);
  });
});
