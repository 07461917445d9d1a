import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { enterpriseAuthentications } from '../../db/schema/index.ts';

/**
 * The legal representative named by the enterprise's latest approved real-name authentication, or null when none
 * was approved — the person an enterprise's signing certificate names as authorised (signing reads it here, issue 35).
 */
export async function approvedLegalRepresentative(db: Db | Tx, enterpriseId: number): Promise<string | null> {
  const [approved] = await db
    .select({ legalName: enterpriseAuthentications.legalName })
    .from(enterpriseAuthentications)
    .where(and(eq(enterpriseAuthentications.enterpriseId, enterpriseId), eq(enterpriseAuthentications.status, 'APPROVED')))
    .orderBy(desc(enterpriseAuthentications.id))
    .limit(1);
  return approved?.legalName ?? null;
}
