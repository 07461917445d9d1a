import pg from 'pg';

/** Drops the per-file and template databases the PostgreSQL API suite created (test/harness.ts). */
export default function setup() {
  return async function teardown() {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Workers name their databases after this process (their parent), so concurrent runs are left alone.
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1 or datname like $2', [
        `fp\\_t\\_${process.pid}\\_%`,
        `fp\\_tpl\\_${process.pid}\\_%`,
      ]);
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
