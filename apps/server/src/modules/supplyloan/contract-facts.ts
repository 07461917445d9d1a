import { contractLifecycle, formatChinaDateTime } from '@factoring/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { financings } from '../../db/schema/index.ts';
import type { TaskField } from '../../db/schema/index.ts';
import { contractDirectory } from '../contracts/index.ts';

/**
 * For the financing tasks' drawer (approval and disbursement): whether the financing contract and
 * the enterprise's factoring agreement are signed, read when the operator opens the task.
 */
export async function financingContractFacts(db: Db, financingId: number): Promise<TaskField[]> {
  const [financing] = await db.select({ enterpriseId: financings.enterpriseId }).from(financings).where(eq(financings.id, financingId));
  if (!financing) return [];
  const [own] = await db
    .select()
    .from(contractDirectory)
    .where(and(eq(contractDirectory.relatedType, 'FINANCING'), eq(contractDirectory.relatedId, String(financingId))))
    .orderBy(desc(contractDirectory.id))
    .limit(1);
  const [agreement] = await db
    .select()
    .from(contractDirectory)
    .where(and(eq(contractDirectory.enterpriseId, financing.enterpriseId), eq(contractDirectory.type, 'FACTORING_AGREEMENT')))
    .orderBy(desc(contractDirectory.id))
    .limit(1);
  const describe = (c: typeof own | undefined) =>
    !c
      ? '尚未生成'
      : c.status === 'SIGNED'
        ? `已签署（${c.contractNo}，${c.signedByName ?? ''} ${formatChinaDateTime(c.signedAt)}）`
        : `${contractLifecycle.label(c.status)}（${c.contractNo}）`;
  return [
    { label: '融资合同', value: describe(own) },
    { label: '保理协议', value: describe(agreement) },
  ];
}
