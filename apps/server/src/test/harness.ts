import { constants, publicEncrypt, createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPostgres, wrapPglite, type Database } from '../db/client.ts';
import { DEMO_PASSWORD, seedDemoWorld, seedReferenceData } from '../seed/demo-world.ts';

/**
 * API tests run the real app against a real database: PGlite by default, PostgreSQL when the
 * project runs with TEST_DB=postgres (TEST_DATABASE_URL). Each test file gets its own database,
 * cloned from one migrated and seeded template per worker, so files never see each other's data.
 */
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const ORIGIN = 'http://portal.test';

/**
 * Uploads and generated contracts (the template's seeded ones included) go to one temporary folder
 * per test worker, removed when the worker exits, never to the developer's ./data.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-test-'));
process.env.DATA_DIR = dataDir;
/** One signing secret for the worker's seeded template and every app on it, production-mode ones too (issue 26). */
const SIGNING_KEY_SECRET = 'test-signing-key-secret';
process.env.SIGNING_KEY_SECRET = SIGNING_KEY_SECRET;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
export { DEMO_PASSWORD };

let pgliteTemplate: Promise<PGlite> | undefined;
async function pgliteDatabase(): Promise<Database> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    const database = wrapPglite(client);
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoWorld(database.db);
    return client;
  })();
  const clone = (await (await pgliteTemplate).clone()) as PGlite;
  return wrapPglite(clone);
}

/** The vitest run (the workers' parent process): its teardown drops only its own databases. */
const RUN = process.ppid;
let pgTemplate: Promise<string> | undefined;
async function postgresDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const urlFor = (name: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  pgTemplate ??= (async () => {
    const name = `fp_tpl_${RUN}_${process.pid}`;
    await admin((c) => c.query(`create database ${name}`));
    const database = openPostgres(urlFor(name), 2);
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoWorld(database.db);
    await database.close();
    return name;
  })();
  const template = await pgTemplate;
  const name = `fp_t_${RUN}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin((c) => c.query(`create database ${name} template ${template}`));
  return {
    database: openPostgres(urlFor(name), 20),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A client holding its own cookie jar, like one browser. */
  client(): TestClient;
  /** A client already logged in as the given user (demo password by default). */
  loginAs(loginName: string, password?: string): Promise<TestClient>;
  encrypt(password: string): string;
  close(): Promise<void>;
}

export interface TestClient {
  cookie: string | undefined;
  get(url: string, query?: Record<string, string | number>): Promise<LightMyRequestResponse>;
  /** Form-encoded like the web's default POST; pass `json: true` for JSON bodies. */
  post(
    url: string,
    body?: Record<string, unknown>,
    opts?: { json?: boolean; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  login(loginName: string, password: string): Promise<LightMyRequestResponse>;
}

export async function createTestApp(overrides: Partial<Record<keyof Config, string>> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_RATE_LIMIT: '1000',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: ORIGIN,
    SIGNING_KEY_SECRET,
    ...overrides,
  });
  let drop: () => Promise<void> = async () => undefined;
  let database: Database;
  if (engine === 'postgres') ({ database, drop } = await postgresDatabase());
  else database = await pgliteDatabase();
  const app = await buildApp(config, database);
  await app.ready();

  const current = await app.inject({ method: 'GET', url: '/api/user/current' });
  const { modulus, exponent } = current.json().message as { modulus: string; exponent: string };
  const publicKey = createPublicKey({
    key: { kty: 'RSA', n: Buffer.from(modulus, 'hex').toString('base64url'), e: Buffer.from(exponent, 'hex').toString('base64url') },
    format: 'jwk',
  });
  const encrypt = (password: string) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString(
      'base64',
    );

  const client = (): TestClient => {
    const c: TestClient = {
      cookie: undefined,
      async get(url, query) {
        return remember(await app.inject({ method: 'GET', url, query: query as Record<string, string>, headers: headers(c) }));
      },
      async post(url, body = {}, opts = {}) {
        const payload = opts.json
          ? JSON.stringify(body)
          : new URLSearchParams(
              Object.entries(body)
                .filter(([, v]) => v != null)
                .map(([k, v]) => [k, String(v)]),
            ).toString();
        return remember(
          await app.inject({
            method: 'POST',
            url,
            payload,
            headers: {
              ...headers(c),
              'content-type': opts.json ? 'application/json' : 'application/x-www-form-urlencoded',
              'x-requested-with': 'XMLHttpRequest',
              origin: ORIGIN,
              ...opts.headers,
            },
          }),
        );
      },
      login(loginName, password) {
        return c.post('/api/login', { username: loginName, password: encrypt(password), loginType: 'PASSWORD', maskLoginVisible: 'false' });
      },
    };
    const remember = (res: LightMyRequestResponse) => {
      const set = res.cookies.find((k) => k.name === 'factoring_sid');
      if (set) c.cookie = set.value ? `factoring_sid=${set.value}` : undefined;
      return res;
    };
    return c;
  };
  const headers = (c: TestClient): Record<string, string> => ({ host: 'portal.test', ...(c.cookie ? { cookie: c.cookie } : {}) });

  return {
    app,
    database,
    config,
    client,
    encrypt,
    async loginAs(loginName, password = DEMO_PASSWORD) {
      const c = client();
      const res = await c.login(loginName, password);
      const body = res.json();
      if (body.status === 'ERROR') throw new Error(`login as ${loginName} failed: ${body.message}`);
      return c;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
