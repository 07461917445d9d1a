import { formatChinaDateTime } from '@factoring/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { onRollback } from '../../db/transaction.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { TaskOperator } from '../../lib/actor.ts';
import { addSignature, factorCredential, signingContext } from '../signing/index.ts';
import { readContractFile, removeContractFile, sha256, storeContractFile } from './storage.ts';

/** The business record whose contracts an approval countersigns: contracts.related_type / related_id. */
export interface ContractOwner {
  relatedType: string;
  relatedId: string;
}

export interface Countersigned {
  contractId: number;
  contractNo: string;
  countersignedByName: string;
  countersignedAt: string;
}

/**
 * THE factor's countersignature, an act of the factor (issue 37): called when an operator approves the
 * decision that follows the enterprise's signature (the inbox, for a task type that declares
 * `countersigns`; the demo seed as operators do), in that decision's transaction, never at the
 * enterprise's signing. Every contract of `owner` the enterprise has signed and the factor has not
 * yet countersigned gets the factor's PAdES signature appended to its signed version — named for the
 * operator (reason and contact) at `at` — stored as a new file; the contract records who and when.
 * Contracts not signed yet, void, or of a type the factor does not countersign are left alone; a
 * second call finds nothing to do.
 */
export async function countersign(tx: Tx, owner: ContractOwner, operator: TaskOperator, at: Date): Promise<Countersigned[]> {
  const rows = await tx
    .select({
      id: contracts.id,
      contractNo: contracts.contractNo,
      signedStoredName: contracts.signedStoredName,
      signedFileSha256: contracts.signedFileSha256,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.relatedType, owner.relatedType),
        eq(contracts.relatedId, owner.relatedId),
        eq(contracts.status, 'SIGNED'),
        // The contracts the factor is a party to, as their kind declared when they were drawn up (`factorCountersigns`).
        eq(contracts.factorCountersigns, true),
        isNull(contracts.countersignedAt),
      ),
    )
    .orderBy(contracts.id)
    .for('update');
  const done: Countersigned[] = [];
  for (const row of rows) {
    // Signed before signed versions were written: nothing to countersign in a file.
    if (!row.signedStoredName) continue;
    const signed = await readContractFile(row.signedStoredName);
    if (!signed || sha256(signed) !== row.signedFileSha256)
      throw new BusinessError(`合同 ${row.contractNo} 的签署版文件缺失或与签署记录不一致，保理方不能会签，请联系管理员核查`);
    const signing = await signingContext();
    const factor = await factorCredential(tx, signing, at);
    const countersignedVersion = await addSignature(
      signed,
      factor,
      { holder: 'FACTOR' },
      { reason: `保理方会签（${row.contractNo}），经办人：${operator.name}`, location: '中国', at, contactInfo: operator.name },
    );
    const storedName = await storeContractFile(countersignedVersion);
    onRollback(tx, () => removeContractFile(storedName));
    await tx
      .update(contracts)
      .set({
        signedStoredName: storedName,
        signedFileSize: countersignedVersion.length,
        signedFileSha256: sha256(countersignedVersion),
        countersignedBy: operator.id,
        countersignedByName: operator.name,
        countersignedAt: at,
      })
      .where(eq(contracts.id, row.id));
    done.push({ contractId: row.id, contractNo: row.contractNo, countersignedByName: operator.name, countersignedAt: at.toISOString() });
  }
  return done;
}

/** The countersignatures of a decision in words, for its audit row: 保理方会签 HT…（张三，2026-05-18 10:00:00）. */
export const countersignWords = (list: Countersigned[]) =>
  list.map((c) => `保理方会签 ${c.contractNo}（${c.countersignedByName}，${formatChinaDateTime(new Date(c.countersignedAt))}）`).join('；');
