import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { DEMO_PASSWORD, ORIGIN } from '../../test/harness.ts';
import type { RestoreTarget } from './restore-backup.ts';

/**
 * For tests: a fresh, empty restore target on the engine under test — a new data directory, and on
 * PostgreSQL (TEST_DB=postgres) a new database created beside the test databases, dropped by `drop()`.
 */
export async function freshTarget(): Promise<RestoreTarget & { drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-restore-target-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DB !== 'postgres') return { dataDir, drop: async () => removeDir() };
  const adminUrl = process.env.TEST_DATABASE_URL!;
  // Named like the harness's databases, so the run's teardown drops it should a test die first.
  const name = `fp_t_${process.ppid}_${process.pid}_restore_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: u.toString(),
    async drop() {
      await admin(`drop database if exists ${name} with (force)`);
      removeDir();
    },
  };
}

/** The connection string of a test app's PostgreSQL database (node-postgres pool behind drizzle). */
export const postgresUrlOf = (database: Database) =>
  (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

export interface Portal {
  app: FastifyInstance;
  database: Database;
  /** Logs in as a user of the restored world and answers a caller holding that session. */
  loginAs(login: string): Promise<{
    get(url: string, query?: Record<string, string | number>): Promise<LightMyRequestResponse>;
  }>;
  close(): Promise<void>;
}

/** Starts the portal on a restored target, as `npm start` would there (its own database and DATA_DIR). */
export async function startPortal(target: RestoreTarget): Promise<Portal> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_RATE_LIMIT: '1000',
    DATA_DIR: target.dataDir,
    PUBLIC_ORIGIN: ORIGIN,
    // The deployment's secret, as the backup's source had it: the login key in the restored rows is encrypted with it.
    SIGNING_KEY_SECRET: process.env.SIGNING_KEY_SECRET,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const app = await buildApp(config, database);
  await app.ready();
  const current = (await app.inject({ method: 'GET', url: '/api/user/current' })).json().message as { modulus: string; exponent: string };
  const key = createPublicKey({
    key: {
      kty: 'RSA',
      n: Buffer.from(current.modulus, 'hex').toString('base64url'),
      e: Buffer.from(current.exponent, 'hex').toString('base64url'),
    },
    format: 'jwk',
  });
  const encrypt = (password: string) =>
    publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  return {
    app,
    database,
    async loginAs(login) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: new URLSearchParams({
          username: login,
          password: encrypt(DEMO_PASSWORD),
          loginType: 'PASSWORD',
          maskLoginVisible: 'false',
        }).toString(),
        headers: {
          host: 'portal.test',
          origin: ORIGIN,
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      // WARN AlreadyOnLine: the backup carried the user's session from the source, which this login replaces.
      if (!['OK', 'WARN'].includes(res.json().status)) throw new Error(`login as ${login} on the restored portal failed: ${res.body}`);
      const sid = res.cookies.find((c) => c.name === 'factoring_sid')!.value;
      return {
        get: (url, query) =>
          app.inject({
            method: 'GET',
            url,
            query: query as Record<string, string>,
            headers: { host: 'portal.test', cookie: `factoring_sid=${sid}` },
          }),
      };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A database at an older migration level (a copy of the journal cut after `count` entries), for migration tests. */
export { migrateTo } from './restore-backup.ts';
export { readJournal } from './archive-format.ts';
