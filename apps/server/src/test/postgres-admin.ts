import pg from 'pg';

/** A statement on TEST_DATABASE_URL's server as its administrator (create, drop databases). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<R[]> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL pointed at another database of the same server. */
export function databaseUrl(name: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}
