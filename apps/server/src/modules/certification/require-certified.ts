import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { NotCertifiedError } from '../../lib/envelope.ts';
import { enterpriseDirectory } from '../account/index.ts';

export { NOT_CERTIFIED_CODE, NOT_CERTIFIED_MESSAGE, NotCertifiedError } from '../../lib/envelope.ts';

/** The check against the database inside a transaction, for work that must not race an approval. */
export async function assertEnterpriseCertified(db: Db, enterpriseId: number): Promise<void> {
  const [row] = await db
    .select({ certified: enterpriseDirectory.certified })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, enterpriseId));
  if (!row?.certified) throw new NotCertifiedError();
}
