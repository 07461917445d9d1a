/**
 * The yardstick of the API budget: a bare Fastify + pg server that answers GET /api/funds/flows by
 * running exactly the SQL statements (text, values and statement names) the portal runs for the same
 * request when it reads the session from the database (issue 38: session, count, page), in the same
 * order, on a pool of the same size, and sending the rows as JSON. No session cache, validation, hooks
 * or logging of its own. The bench also runs it with the session statement left out (like for like:
 * what the portal sends per request while its per-node session cache answers).
 *
 * It reads rows as a bare handler would (`pool.query(...)` → row objects, pg's own type parsing),
 * whatever row mode the portal's driver asked for; a named statement keeps its name, so PostgreSQL
 * prepares it here exactly as for the portal.
 *
 * Env: DATABASE_URL, PORT, BARE_STATEMENTS (a JSON file of [{ name?, text, values }]), POOL_SIZE.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
}

const statements = (JSON.parse(readFileSync(process.env.BARE_STATEMENTS!, 'utf8')) as Statement[]).map(({ name, text, values }) => ({
  name,
  text,
  values,
}));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const app = Fastify({ logger: false });

app.get('/readyz', async () => ({ status: 'OK' }));
app.get('/api/funds/flows', async () => {
  let rows: unknown[] = [];
  let totalCount = 0;
  for (const s of statements) {
    const r = await pool.query(s);
    // A one-row, one-column answer is the count; the last statement's rows are the page.
    if (r.rows.length === 1 && r.fields.length === 1) totalCount = Number(Object.values(r.rows[0] as object)[0]);
    rows = r.rows;
  }
  return { status: 'OK', message: { items: rows, totalCount } };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
// Stop cleanly on SIGTERM (the bench's stop()), so `--cpu-prof` can write its profile.
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end().finally(() => process.exit(0)));
});
