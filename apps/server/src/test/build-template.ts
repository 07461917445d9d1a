// Builds one engine's test template, once per vitest run, in a process of its own (started by
// test/global-setup.ts): migrates, seeds the reference data and the demo world with its year of
// history, and leaves beside it the DATA_DIR the seed wrote (the contracts it generated, the signing
// root under DATA_DIR/signing, encrypted with the harness's SIGNING_KEY_SECRET).
//
//   node --import tsx build-template.ts pglite   <folder>            -> <folder>/pglite.tar, <folder>/data/
//   node --import tsx build-template.ts postgres <folder> <database> -> the database (TEST_DATABASE_URL's server), <folder>/data/
//
// The last thing it writes is <folder>/ready (or <folder>/failed with the error), which the workers wait for.
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { TEMPLATE_SIGNING_SECRET, templateFiles } from './template-files.ts';

const [engine, folder, databaseName] = process.argv.slice(2);
if ((engine !== 'pglite' && engine !== 'postgres') || !folder)
  throw new Error('usage: build-template.ts pglite|postgres <folder> [database]');
const files = templateFiles(folder);
mkdirSync(files.dataDir, { recursive: true });
// Before the app's modules load: the seed's contract storage and signing root follow the environment.
process.env.DATA_DIR = files.dataDir;
process.env.SIGNING_KEY_SECRET = TEMPLATE_SIGNING_SECRET;

/**
 * The journeys' world, when `npm test` asks for it (E2E_WORLD_DATABASE and E2E_WORLD_DIR, scripts/test-all.mjs): the same
 * seeded world as this template, so it is copied rather than seeded a third time beside the two templates (issue 34) —
 * a database made from this one and its DATA_DIR, written under a temporary name and renamed when whole. The journeys'
 * servers run with this template's signing secret (e2e/server-env.json). Before `ready`: no test file holds the template yet.
 */
async function copyJourneyWorld(template: string, dataDir: string) {
  const world = process.env.E2E_WORLD_DATABASE;
  const worldDir = process.env.E2E_WORLD_DIR;
  if (!world || !worldDir) return;
  const { adminQuery } = await import('./postgres-admin.ts');
  await adminQuery(`create database ${world} template ${template}`);
  rmSync(worldDir, { recursive: true, force: true });
  cpSync(dataDir, `${worldDir}.partial`, { recursive: true });
  renameSync(`${worldDir}.partial`, worldDir);
}

const started = Date.now();
try {
  const { seedDemoWorld, seedReferenceData } = await import('../seed/demo-world.ts');
  // The login key pair an app makes at its first start on a database (2048-bit RSA: 18 s of a run's api-postgres workers
  // in their CPU profile, VITEST_CPU_PROFILE): made once here, as the first start would, so each file's app only reads it.
  const { loadPasswordCipher } = await import('../modules/auth/index.ts');
  if (engine === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { wrapPglite } = await import('../db/client.ts');
    const client = await PGlite.create();
    const database = wrapPglite(client);
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoWorld(database.db);
    await loadPasswordCipher(database.db, TEMPLATE_SIGNING_SECRET);
    // Uncompressed: each test file loads it, and an uncompressed tarball loads faster.
    const dump = await client.dumpDataDir('none');
    writeFileSync(files.pgliteDump, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  } else {
    if (!databaseName) throw new Error('build-template.ts postgres needs the database name');
    const { openPostgres } = await import('../db/client.ts');
    const { adminQuery, databaseUrl } = await import('./postgres-admin.ts');
    await adminQuery(`create database ${databaseName}`);
    const database = openPostgres(databaseUrl(databaseName), 2);
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoWorld(database.db);
    await loadPasswordCipher(database.db, TEMPLATE_SIGNING_SECRET);
    await database.close();
    await copyJourneyWorld(databaseName, files.dataDir);
  }
  writeFileSync(files.ready, JSON.stringify({ engine, seconds: (Date.now() - started) / 1000 }));
  process.exit(0);
} catch (err) {
  writeFileSync(files.failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
  console.error(err);
  process.exit(1);
}
