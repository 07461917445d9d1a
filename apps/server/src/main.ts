import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { countDemoUsers, DEMO_PASSWORD, markDemoUsers, seedDemoWorld, seedReferenceData } from './seed/demo-world.ts';
import { refusesDemoUsers } from './modules/auth/index.ts';
import { buildApp } from './app.ts';
import { configureSigning, signingConfigOf } from './modules/signing/index.ts';

/** The demo world's users (README "Demo logins"). */
const DEMO_LOGINS = [
  ['demo', '企业用户（已认证）certified enterprise user'],
  ['cangchu', '仓储企业用户 warehouse user'],
  ['gouxiao', '购销企业用户 purchase/sales user'],
  ['operator', "保理运营 the factor's operator (/bpm/tasks)"],
  ['fuhe', '复核运营 second operator: executes what operator approved (maker-checker)'],
  ['xinqiye', '未认证企业 enterprise to authenticate'],
] as const;

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((err: unknown) => {
  // Another process holds the embedded database: say who, and leave its files alone.
  if (err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
});
await database.migrate();
await seedReferenceData(database.db);
// The signing authority before the demo seed signs its contracts (made on first start).
await configureSigning(signingConfigOf(config));
if (config.SEED_DEMO) await seedDemoWorld(database.db);
await markDemoUsers(database.db);
const demoUsers = refusesDemoUsers(config) ? await countDemoUsers(database.db) : 0;

const app = await buildApp(config, database);
await app.listen({ host: config.HOST, port: config.PORT });
const address = `http://localhost:${config.PORT}`;
database.lock?.advertise(`http://127.0.0.1:${config.PORT}`);
app.log.info(`Factoring Portal on ${address} (${database.kind})`);
console.log(`\n  保理门户已启动 Factoring Portal: ${address}  (database: ${database.kind})`);
if (config.SEED_DEMO) {
  console.log(`  演示账号 demo logins, password ${DEMO_PASSWORD}:`);
  for (const [login, who] of DEMO_LOGINS) console.log(`    ${login.padEnd(9)} ${who}`);
}
if (demoUsers > 0) {
  // The demo world in a production database: its users' password is published, so they never get in here.
  app.log.warn({ demoUsers }, 'the database holds demo users (published password): their logins and sessions are refused');
  console.warn(
    `  警告 WARNING: 数据库中有 ${demoUsers} 个演示账号，生产环境拒绝其登录 — the database holds ${demoUsers} demo users (published password); this production node refuses their logins and sessions.`,
  );
}
console.log('');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  });
}
