import { chinaDate, contractLifecycle } from '@factoring/domain';
import type { signContractBody } from '@factoring/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import type { PasswordCipher } from '../auth/rsa-keys.ts';
import { findContract, shownStatus, type ContractView } from './queries.ts';
import type { SignHooks } from './sign-hooks.ts';
import { readContractFile, sha256 } from './storage.ts';

export const MESSAGES = {
  notFound: '合同不存在',
  alreadySigned: '该合同已签署，请勿重复签署',
  void: '该合同已作废，不能签署',
  expired: '该合同已过期，不能签署',
  fileMissing: '合同文件不存在或已被删除，不能签署，请联系客服',
  fileChanged: '合同文件与生成时不一致，已拒绝签署，请联系客服',
} as const;

/**
 * Signs a contract of the caller's enterprise after checking the login password. Under the row's
 * lock it re-reads and re-hashes the stored PDF, refuses if it no longer matches the hash taken at
 * generation, and records signer, time, IP and the hash of the document signed; the owning module's
 * sign hook runs in the same transaction.
 */
export async function signContract(
  deps: { db: Db; cipher: PasswordCipher; hooks: SignHooks },
  scope: EnterpriseScope,
  ip: string,
  contractId: number,
  body: z.output<typeof signContractBody>,
  now = new Date(),
): Promise<ContractView> {
  const { db, cipher, hooks } = deps;
  // 404 before anything else: another enterprise's contract is not told apart from none.
  if (!(await findContract(db, scope, contractId))) throw new NotFoundError(MESSAGES.notFound);

  const user = await confirmPassword({ db, cipher }, scope.userId, body.password, '合同未签署');

  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        id: contracts.id,
        contractNo: contracts.contractNo,
        type: contracts.type,
        relatedType: contracts.relatedType,
        relatedId: contracts.relatedId,
        status: contracts.status,
        shown: shownStatus,
        storedName: contracts.storedName,
        fileSha256: contracts.fileSha256,
        effectiveDate: contracts.effectiveDate,
      })
      .from(contracts)
      .where(and(eq(contracts.id, contractId), ownedBy(scope, contracts.enterpriseId)))
      .for('update');
    if (!row) throw new NotFoundError(MESSAGES.notFound);
    if (row.status === 'SIGNED') throw new BusinessError(MESSAGES.alreadySigned);
    if (row.status === 'VOID') throw new BusinessError(MESSAGES.void);
    if (row.shown === 'EXPIRED' || row.status === 'EXPIRED') throw new BusinessError(MESSAGES.expired);

    const bytes = await readContractFile(row.storedName);
    if (!bytes) throw new BusinessError(MESSAGES.fileMissing);
    const signedSha256 = sha256(bytes);
    if (signedSha256 !== row.fileSha256) throw new BusinessError(MESSAGES.fileChanged);

    await transition(tx, contracts, contractLifecycle, row, 'SIGNED', {
      signedBy: scope.userId,
      signedByName: user.displayName,
      signedAt: now,
      signerIp: ip,
      signedSha256,
      effectiveDate: row.effectiveDate ?? chinaDate(now),
    });
    await hooks.run(tx, {
      id: row.id,
      contractNo: row.contractNo,
      type: row.type,
      relatedType: row.relatedType,
      relatedId: row.relatedId,
      signer: { id: scope.userId, name: user.displayName, ip },
    });
    const view = await findContract(tx, scope, row.id);
    return view!;
  });
}
