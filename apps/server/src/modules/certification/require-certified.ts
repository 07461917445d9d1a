import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema/index.ts';
import { NotCertifiedError } from '../../lib/envelope.ts';

export { NOT_CERTIFIED_CODE, NOT_CERTIFIED_MESSAGE, NotCertifiedError } from '../../lib/envelope.ts';

/** The check against the database inside a transaction, for work that must not race an approval. */
export async function assertEnterpriseCertified(db: Db, enterpriseId: number): Promise<void> {
  const [row] = await db.select({ certified: enterprises.certified }).from(enterprises).where(eq(enterprises.id, enterpriseId));
  if (!row?.certified) throw new NotCertifiedError();
}
