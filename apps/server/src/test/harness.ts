import { constants, publicEncrypt, createPublicKey } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { LendingProduct } from '../modules/financing/index.ts';
import type { ReceivablePorts } from '../modules/receivables/index.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPostgres, wrapPglite, type Database } from '../db/client.ts';
import { DEMO_PASSWORD } from '../seed/demo-world.ts';
import { adminQuery, databaseUrl } from './postgres-admin.ts';
import { TEMPLATE_SIGNING_SECRET, templateFiles, type TestTemplate } from './template-files.ts';

/**
 * API tests run the real app against a real database: PGlite by default, PostgreSQL when the
 * project runs with TEST_DB=postgres (TEST_DATABASE_URL). Each test file gets its own database, a
 * copy of the one migrated and seeded template the run's global set-up built for its engine
 * (test/global-setup.ts), so files never see each other's data.
 */
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const ORIGIN = 'http://portal.test';

/**
 * Uploads and generated contracts go to one temporary folder per test worker, removed when the
 * worker exits, never to the developer's ./data. It starts as a copy of the template's DATA_DIR (the
 * seeded contracts' files and the signing root), so the seeded contracts read as before.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-test-'));
process.env.DATA_DIR = dataDir;
/** One signing secret for the seeded template and every app on it, production-mode ones too (issue 26). */
const SIGNING_KEY_SECRET = TEMPLATE_SIGNING_SECRET;
process.env.SIGNING_KEY_SECRET = SIGNING_KEY_SECRET;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
export { DEMO_PASSWORD };

/** How long a worker waits for the run's template (two engines seeded side by side on a busy machine). */
const TEMPLATE_WAIT_MS = 600_000;

/**
 * The PGlite template's tarball as PGlite reads it (`loadDataDir`: it asks for `arrayBuffer()` and untars that). A Blob made
 * from the bytes hands them back through Node's chunked Blob reader, ~0.4 CPU s for each database's ~17 MB (four PGlite
 * files' profiles, VITEST_CPU_PROFILE: 1.5 of their 17.8 busy s; ~22 s in a whole run's); this hands over a copy at once.
 */
class TemplateTarball extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

let template: Promise<{ provided: TestTemplate; pgliteDump?: Blob }> | undefined;
/** The run's template for this engine, once built; the worker's DATA_DIR copied from it on first use. */
function runTemplate() {
  template ??= (async () => {
    const provided = inject('testTemplate');
    if (!provided || provided.engine !== engine)
      throw new Error(`no ${engine} test template: run the API tests through vitest.config.ts (its globalSetup builds it)`);
    const files = templateFiles(provided.folder);
    for (const started = Date.now(); !existsSync(files.ready); await sleep(200)) {
      if (existsSync(files.failed)) throw new Error(`the ${engine} test template failed:\n${readFileSync(files.failed, 'utf8')}`);
      if (Date.now() - started > TEMPLATE_WAIT_MS)
        throw new Error(`the ${engine} test template was not ready after ${TEMPLATE_WAIT_MS / 1000} s`);
    }
    cpSync(files.dataDir, dataDir, { recursive: true });
    return { provided, pgliteDump: engine === 'pglite' ? new TemplateTarball(readFileSync(files.pgliteDump)) : undefined };
  })();
  return template;
}

/** A PGlite of the file's own, loaded from the template's tarball (faster than `clone()`, measured). */
async function pgliteDatabase(): Promise<Database> {
  const { pgliteDump } = await runTemplate();
  return wrapPglite(await PGlite.create({ loadDataDir: pgliteDump }));
}

/**
 * A DATA_DIR for a server process of a test's own on the embedded database (issue 34): the run's seeded
 * PGlite world written to `dir/pglite` and the files the seed made beside it (contracts, the signing root
 * under the harness's SIGNING_KEY_SECRET), so that server starts on the demo world without seeding it again
 * (SEED_DEMO finds the demo users and seeds nothing).
 */
export async function seededPgliteDataDir(dir: string) {
  const { provided, pgliteDump } = await runTemplate();
  if (!pgliteDump) throw new Error('seededPgliteDataDir: the run has no PGlite template (TEST_DB=pglite only)');
  cpSync(templateFiles(provided.folder).dataDir, dir, { recursive: true });
  const client = await PGlite.create({ dataDir: path.join(dir, 'pglite'), loadDataDir: pgliteDump });
  await client.close();
}

/** The vitest run (the workers' parent process): its teardown drops only its own databases. */
const RUN = process.ppid;
async function postgresDatabase(route: (url: string) => string): Promise<{ database: Database; drop(): Promise<void> }> {
  const { provided } = await runTemplate();
  const name = `fp_t_${RUN}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`create database ${name} template ${provided.database}`);
  return {
    database: openPostgres(route(databaseUrl(name)), 20),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`).then(() => undefined),
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

export interface TestAppOptions {
  /**
   * PostgreSQL only: the app reaches its database through the URL this returns for the file's own
   * database URL (e.g. a TCP proxy that a test breaks and restores). Seeding and dropping go direct.
   */
  routeDatabaseUrl?: (url: string) => string;
  /** Another list of lending products than app.ts registers (a test's own product, issue 35). */
  lendingProducts?: readonly LendingProduct[];
  /** This app's tax bureau or registry instead of the built-in ones (issue 36): a test's own adapter. */
  receivables?: Partial<ReceivablePorts>;
}

export async function createTestApp(overrides: Partial<Record<keyof Config, string>> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_RATE_LIMIT: '1000',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: ORIGIN,
    SIGNING_KEY_SECRET,
    ...overrides,
  });
  let drop: () => Promise<void> = async () => undefined;
  let database: Database;
  if (engine === 'postgres') ({ database, drop } = await postgresDatabase(opts.routeDatabaseUrl ?? ((url) => url)));
  else database = await pgliteDatabase();
  const app = await buildApp(config, database, { lendingProducts: opts.lendingProducts, receivables: opts.receivables });
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
