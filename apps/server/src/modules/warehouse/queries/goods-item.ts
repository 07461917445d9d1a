// One goods item of the catalogue, as other areas read it through the face.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { goods } from '../../../db/schema/index.ts';

/** A goods item of the catalogue as other areas read it (issue 35: through the face, not the table). */
export type GoodsItem = typeof goods.$inferSelect;

/**
 * One goods item by id, or undefined. `lock` takes its row `FOR UPDATE` in the caller's transaction: a
 * goods pledge serialises its price changes on it.
 */
export async function goodsItem(db: Db | Tx, id: number, options: { lock?: boolean } = {}): Promise<GoodsItem | undefined> {
  const q = db.select().from(goods).where(eq(goods.id, id));
  const [row] = options.lock ? await q.for('update') : await q;
  return row;
}
