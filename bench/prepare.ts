import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemoWorld, seedReferenceData } from '../apps/server/src/seed/demo-world.ts';

/** Migrates and seeds the bench database; returns the demo enterprise whose fund flows are listed. */
export async function prepareDatabase(url: string): Promise<{ enterpriseId: number }> {
  const database = openPostgres(url, 2);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoWorld(database.db);
    const r = (await database.db.execute(sql`select enterprise_id from users where login_name = 'demo'`)) as unknown as {
      rows: { enterprise_id: number }[];
    };
    return { enterpriseId: Number(r.rows[0].enterprise_id) };
  } finally {
    await database.close();
  }
}
