// The financing platforms every lending product lends on (supply-chain, pledge): their terms and price lists.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { platforms } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';

export type Platform = typeof platforms.$inferSelect;

export async function platformOf(db: Db | Tx, id: number): Promise<Platform> {
  const [row] = await db.select().from(platforms).where(eq(platforms.id, id));
  if (!row) throw new NotFoundError('平台不存在');
  return row;
}
