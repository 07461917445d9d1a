import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError, type LockHolder } from '../db/data-dir-lock.ts';
import { LOCAL_CONTROL_HEADER } from '../control/local-control.ts';

/** Calls the running server that holds the embedded database (control/local-control.ts). */
export type ServerCall = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: string; message: T }>;

function serverCall(holder: LockHolder & { url: string }): ServerCall {
  // The lock file's token proves the command: it is not a browser, so it sends no anti-forgery marker
  // or Origin, and works whatever PUBLIC_ORIGIN the server was started with (issue 37).
  return async (method, path, body) => {
    const res = await fetch(holder.url + path, {
      method,
      headers: {
        [LOCAL_CONTROL_HEADER]: holder.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`the running server at ${holder.url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return res.json();
  };
}

/**
 * Runs a command against the database: directly on PostgreSQL, or on the embedded database when no
 * other process holds it. When a running server holds it, `viaServer` sends the work to that server
 * instead (no second process ever opens the PGlite files); a command without `viaServer` says who
 * holds the database and how to stop it, and exits 1.
 */
export async function runCommand(opts: {
  direct(database: Database, config: Config): Promise<number | void>;
  viaServer?(call: ServerCall, holder: LockHolder): Promise<number | void>;
}): Promise<void> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const { holder } = err;
    if (opts.viaServer && holder.url && holder.token) {
      console.log(`嵌入式数据库由运行中的服务（pid ${holder.pid}，${holder.url}）持有，本命令交由该服务执行。`);
      process.exitCode = (await opts.viaServer(serverCall({ ...holder, url: holder.url }), holder)) ?? 0;
      return;
    }
    console.error(err.message);
    process.exitCode = 1;
    return;
  }
  try {
    process.exitCode = (await opts.direct(database, config)) ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * A check command (`ledger:check`, `stock:check`): runs `check` on the database, or asks the server
 * holding the embedded database to run it (`serverPath`), and prints the report; exit code 1 on a
 * problem or when the check cannot run.
 */
export async function runCheck<R>(opts: {
  failure: string;
  check(db: Database['db']): Promise<R>;
  serverPath: string;
  print(report: R, where: string, ms: number): number;
}): Promise<void> {
  try {
    await runCommand({
      async direct(database) {
        await database.migrate();
        const started = Date.now();
        return opts.print(await opts.check(database.db), database.kind, Date.now() - started);
      },
      async viaServer(call) {
        const started = Date.now();
        const res = await call<R>('GET', opts.serverPath);
        return opts.print(res.message, 'pglite, via the running server', Date.now() - started);
      },
    });
  } catch (err) {
    console.error(opts.failure, err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
