import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's exclusive lock on its data directory (PGlite files only). */
  lock?: DataDirLock;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Any constant: serialises migrations when several app nodes start at once on PostgreSQL. */
const MIGRATION_LOCK = 7_345_001;

/** How long a new connection may take before the request waiting for it fails (a database that does not answer). */
const CONNECT_TIMEOUT_MS = 10_000;

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client whose server connection ends (restart, failover, a dropped test database) must
  // not crash the process; the pool removes it and connects a new one on the next checkout.
  pool.on('error', (err) => console.warn(`postgres pool: idle client error: ${err.message}`));
  // A client checked out when its connection ends (inside a transaction, between two statements)
  // has no pool listener: node-postgres would emit an unhandled 'error' and the process would exit
  // (issue 33). Every client gets its own listener when the pool connects it; the statement waiting
  // on it fails, so only that request fails (503, plugins/errors.ts). The client is handed back to
  // the pool with the error at once, so the pool destroys it and its place is free for a new
  // connection, even when the code holding it never releases it (drizzle does not when `begin`
  // fails); that code's own release later is a no-op.
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (!checkedOut.has(client)) return; // idle: the pool's own listener removes it
      checkedOut.delete(client);
      console.warn(`postgres pool: connection lost while in use: ${err.message}`);
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(err);
    });
  });
  // PostgreSQL bigint arrives as text by default; our bigints are cents within the safe range.
  pg.types.setTypeParser(20, (v) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n)) throw new Error(`bigint out of safe range: ${v}`);
    return n;
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/**
 * PGlite keeps its files under DATA_DIR; `memory://` gives a throw-away database. A data directory
 * is opened by one process at a time: the lock is taken before PGlite touches a file, and a second
 * process gets DataDirLockedError naming the holder (see data-dir-lock.ts).
 */
export async function openPglite(dataDir: string | 'memory://'): Promise<Database> {
  if (dataDir === 'memory://') return wrapPglite(await PGlite.create());
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lock = acquireDataDirLock(`${path.resolve(dataDir)}.lock`);
  try {
    mkdirSync(dataDir, { recursive: true });
    const database = wrapPglite(await PGlite.create(dataDir));
    const close = database.close;
    return {
      ...database,
      lock,
      async close() {
        try {
          await close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(path.join(opts.dataDir, 'pglite'));
}
