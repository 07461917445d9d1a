import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { seedDemoWorld, seedReferenceData } from '../apps/server/src/seed/demo-world.ts';

/** The demo users' password on the bench's own database (not the published demo password). */
export const BENCH_PASSWORD = 'Bench@2026-only';

/** Migrates and seeds the bench database; returns the demo enterprise whose fund flows are listed. */
export async function prepareDatabase(url: string): Promise<{ enterpriseId: number }> {
  const database = openPostgres(url, 2);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoWorld(database.db);
    // The bench runs the portal as production does, which refuses any user with the demo world's
    // published password (issue 21): on this throw-away database the demo users get a password of the
    // bench's own (BENCH_PASSWORD), so they are ordinary users the bench can log in as.
    const hash = await hashPassword(BENCH_PASSWORD);
    await database.db.execute(sql`update users set demo = false, password_hash = ${hash} where demo`);
    const r = (await database.db.execute(sql`select enterprise_id from users where login_name = 'demo'`)) as unknown as {
      rows: { enterprise_id: number }[];
    };
    return { enterpriseId: Number(r.rows[0].enterprise_id) };
  } finally {
    await database.close();
  }
}
