import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoWorld, seedReferenceData } from './db/seed/demo-world.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
await seedReferenceData(database.db);
if (config.SEED_DEMO) await seedDemoWorld(database.db);

const app = await buildApp(config, database);
await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(`Factoring Portal on http://localhost:${config.PORT} (${database.kind})`);
console.log(`\n  保理门户已启动: http://localhost:${config.PORT}  (database: ${database.kind})\n`);

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
