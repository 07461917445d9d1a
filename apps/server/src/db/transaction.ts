import type { Db, Tx } from './client.ts';

/** PostgreSQL's "try again" answers: serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
export const MAX_ATTEMPTS = 3;

interface Logger {
  warn(obj: object, msg: string): void;
}

/** Work to undo outside the database when a transaction does not commit (files written inside it). */
const rollbackWork = new WeakMap<object, (() => Promise<void>)[]>();

/** The SQLSTATE of an error or of its cause (drizzle wraps driver errors). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Socket-level codes of a connection to the database that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection that ended or never came. */
const CONNECTION_MESSAGES = /Connection terminated|not queryable|connection timeout|timeout exceeded when trying to connect/i;

/**
 * Whether an error means the database could not be reached (stopped, restarting, failing over, the
 * network between): a connection refused or lost, or PostgreSQL's connection_exception (08…) and
 * operator_intervention shutdown classes (57P01–57P03). The request fails with 503 and may be retried
 * with its idempotency key; anything else stays a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * Runs `work` in one transaction. When PostgreSQL aborts it as a deadlock victim or a serialization
 * failure, the whole transaction runs again — at most three attempts, with a short random pause,
 * each retry logged — so two callers taking locks in different orders get their real answers
 * instead of a 500. `work` must therefore only touch the database (and files registered with
 * `onRollback`), never answer the caller or send mail from inside.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, opts: { log?: Logger; name?: string } = {}): Promise<T> {
  // Nested in another `inTransaction` (a savepoint): once it is released, the outer transaction's
  // rollback must still undo what it wrote.
  const outer = rollbackWork.get(db);
  for (let attempt = 1; ; attempt++) {
    const undo: (() => Promise<void>)[] = [];
    try {
      const result = await db.transaction(async (tx) => {
        rollbackWork.set(tx, undo);
        return work(tx);
      });
      outer?.push(...undo);
      return result;
    } catch (err) {
      await Promise.allSettled(undo.map((u) => u()));
      const state = sqlState(err);
      if (!state || !RETRYABLE.has(state) || attempt >= MAX_ATTEMPTS) throw err;
      (opts.log ?? console).warn(
        { sqlState: state, attempt, transaction: opts.name },
        'transaction aborted by the database; running it again',
      );
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * Registers work that undoes a side effect outside the database (e.g. deletes a file written inside
 * the transaction) should the transaction roll back. Answers false when `tx` was not opened by
 * `inTransaction`, in which case nobody will run it.
 */
export function onRollback(tx: Tx, undo: () => Promise<void>): boolean {
  const list = rollbackWork.get(tx);
  list?.push(undo);
  return !!list;
}
