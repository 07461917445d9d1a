import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';

/**
 * The one refusal of every financing, payment and withdrawal action of an uncertified enterprise
 * (PRODUCT §4). Plain words, no route: the web links 实名认证 to the page by the code.
 */
export const NOT_CERTIFIED_MESSAGE = '企业尚未完成实名认证，请先完成实名认证';
export const NOT_CERTIFIED_CODE = 'NOT_CERTIFIED';

export class NotCertifiedError extends BusinessError {
  constructor() {
    super(NOT_CERTIFIED_MESSAGE, NOT_CERTIFIED_CODE);
  }
}

/** The check against the database inside a transaction, for work that must not race an approval. */
export async function assertEnterpriseCertified(db: Db, enterpriseId: number): Promise<void> {
  const [row] = await db.select({ certified: enterprises.certified }).from(enterprises).where(eq(enterprises.id, enterpriseId));
  if (!row?.certified) throw new NotCertifiedError();
}
