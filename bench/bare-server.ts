/**
 * The yardstick of the API budget: a bare Fastify + pg server that answers GET /api/funds/flows by
 * running exactly the SQL statements (text and values) the portal ran for the same request, in the
 * same order, on a pool of the same size, and sending the rows as JSON. No session, validation,
 * hooks or logging of its own: what the portal spends beyond this is its overhead.
 *
 * Env: DATABASE_URL, PORT, BARE_STATEMENTS (a JSON file of [{ text, values, rowMode? }]), POOL_SIZE.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

interface Statement {
  text: string;
  values?: unknown[];
  rowMode?: 'array';
}

const statements = JSON.parse(readFileSync(process.env.BARE_STATEMENTS!, 'utf8')) as Statement[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const app = Fastify({ logger: false });

app.get('/readyz', async () => ({ status: 'OK' }));
app.get('/api/funds/flows', async () => {
  let rows: unknown[] = [];
  let totalCount = 0;
  for (const s of statements) {
    const r = await pool.query(s);
    if (r.rows.length === 1 && typeof (r.rows[0] as { n?: unknown }).n !== 'undefined')
      totalCount = Number((r.rows[0] as { n: unknown }).n);
    rows = r.rows;
  }
  return { status: 'OK', message: { items: rows, totalCount } };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
