import { eq } from 'drizzle-orm';
import { virtualAccountNo, type Bucket } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts, virtualAccounts } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';

const BUCKET_NAMES: Record<Bucket, string> = { AVAILABLE: '可用', FROZEN: '冻结', CONTROLLED: '受控', MARGIN: '保证金' };

/**
 * Opens the enterprise's virtual account (its number and its four ledger accounts) — or returns the
 * one it already has. Idempotent and safe under concurrent calls: every insert is `on conflict do nothing`
 * on a unique key, and the second caller waits for the first one's row before reading it.
 *
 * Called when an operator approves an enterprise's authentication.
 */
export async function openVirtualAccount(tx: Tx, enterpriseId: number): Promise<{ accountNo: string }> {
  const [existing] = await tx
    .select({ accountNo: virtualAccounts.accountNo })
    .from(virtualAccounts)
    .where(eq(virtualAccounts.enterpriseId, enterpriseId));
  if (existing) return existing;
  const [enterprise] = await tx
    .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, enterpriseId));
  if (!enterprise) throw new NotFoundError('企业不存在');

  const accountNo = virtualAccountNo(enterpriseId);
  const buckets: Bucket[] = ['AVAILABLE', 'FROZEN', 'CONTROLLED', 'MARGIN'];
  await tx
    .insert(ledgerAccounts)
    .values(
      buckets.map((bucket) => ({
        code: `VA:${enterpriseId}:${bucket}`,
        name: `${enterprise.name} ${accountNo} ${BUCKET_NAMES[bucket]}`,
        category: 'LIABILITY' as const,
        normalSide: 'C' as const,
        enterpriseId,
        bucket,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: ledgerAccounts.id, bucket: ledgerAccounts.bucket })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.enterpriseId, enterpriseId));
  const idOf = (bucket: Bucket) => {
    const row = rows.find((r) => r.bucket === bucket);
    if (!row) throw new Error(`ledger account VA:${enterpriseId}:${bucket} missing`);
    return row.id;
  };
  await tx
    .insert(virtualAccounts)
    .values({
      enterpriseId,
      accountNo,
      availableAccountId: idOf('AVAILABLE'),
      frozenAccountId: idOf('FROZEN'),
      controlledAccountId: idOf('CONTROLLED'),
      marginAccountId: idOf('MARGIN'),
    })
    .onConflictDoNothing();
  const [opened] = await tx
    .select({ accountNo: virtualAccounts.accountNo })
    .from(virtualAccounts)
    .where(eq(virtualAccounts.enterpriseId, enterpriseId));
  return opened;
}
