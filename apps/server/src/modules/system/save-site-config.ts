import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteConfig } from '../../db/schema/index.ts';
import { writeAudit } from '../bpm/index.ts';
import { EDITABLE_KEYS, pick, readSiteConfig, type SiteConfig } from './site-config.ts';

// Kept apart from site-config.ts, which the seed imports: this one needs the inbox's audit writer.

/**
 * Operator: saves the site configuration. Only changed keys are written, each with an audit row
 * (before/after) in the same transaction; answers the configuration as now stored.
 */
export async function saveSiteConfig(db: Db, operator: { id: number; name: string; ip?: string }, input: SiteConfig) {
  await db.transaction(async (tx) => {
    const current = await readSiteConfig(tx);
    for (const key of EDITABLE_KEYS) {
      const next = input[key];
      if (canonical(current[key]) === canonical(next)) continue;
      const [row] = await tx.select().from(siteConfig).where(eq(siteConfig.key, key));
      if (row) await tx.update(siteConfig).set({ value: next }).where(eq(siteConfig.key, key));
      else await tx.insert(siteConfig).values({ key, value: next });
      await writeAudit(tx, {
        taskId: null,
        actor: operator,
        action: 'UPDATE',
        entityType: 'SITE_CONFIG',
        entityId: key,
        before: current[key],
        after: next,
      });
    }
  });
  return pick(await readSiteConfig(db));
}

/** JSON with sorted keys: jsonb stores keys in its own order, so plain JSON text would differ for equal values. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
