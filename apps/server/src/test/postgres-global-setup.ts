import pg from 'pg';

/** Drops the per-file and template databases the PostgreSQL API suite created (test/harness.ts). */
export default function setup() {
  return async function teardown() {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'fp\\_t\\_%' or datname like 'fp\\_tpl\\_%'");
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
