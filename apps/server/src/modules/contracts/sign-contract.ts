import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import type { PasswordCipher } from '../auth/rsa-keys.ts';
import { chinaDate } from './labels.ts';
import { findContract, shownStatus, type ContractView } from './queries.ts';
import { runSignHook } from './sign-hooks.ts';
import { readContractFile, sha256 } from './storage.ts';

/** `POST /api/contracts/:id/sign` (form): the login password, RSA-encrypted like the login. */
export const signContractBody = z.object({
  password: z.string().min(1, '请输入登录密码').max(1024),
});

export interface Signer {
  userId: number;
  enterpriseId: number;
  ip: string;
}

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
export async function signContract(db: Db, cipher: PasswordCipher, signer: Signer, contractId: number, body: z.output<typeof signContractBody>, now = new Date()): Promise<ContractView> {
  const scope = { enterpriseId: signer.enterpriseId };
  // 404 before anything else: another enterprise's contract is not told apart from none.
  if (!(await findContract(db, scope, contractId))) throw new NotFoundError(MESSAGES.notFound);

  const user = await confirmPassword({ db, cipher }, signer.userId, body.password, '合同未签署');

  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: contracts.id, contractNo: contracts.contractNo, type: contracts.type, relatedType: contracts.relatedType, relatedId: contracts.relatedId, status: contracts.status, shown: shownStatus, storedName: contracts.storedName, fileSha256: contracts.fileSha256, effectiveDate: contracts.effectiveDate })
      .from(contracts)
      .where(and(eq(contracts.id, contractId), eq(contracts.enterpriseId, signer.enterpriseId)))
      .for('update');
    if (!row) throw new NotFoundError(MESSAGES.notFound);
    if (row.status === 'SIGNED') throw new BusinessError(MESSAGES.alreadySigned);
    if (row.status === 'VOID') throw new BusinessError(MESSAGES.void);
    if (row.shown === 'EXPIRED' || row.status === 'EXPIRED') throw new BusinessError(MESSAGES.expired);

    const bytes = await readContractFile(row.storedName);
    if (!bytes) throw new BusinessError(MESSAGES.fileMissing);
    const signedSha256 = sha256(bytes);
    if (signedSha256 !== row.fileSha256) throw new BusinessError(MESSAGES.fileChanged);

    await tx
      .update(contracts)
      .set({
        status: 'SIGNED',
        signedBy: signer.userId,
        signedByName: user.displayName,
        signedAt: now,
        signerIp: signer.ip,
        signedSha256,
        effectiveDate: row.effectiveDate ?? chinaDate(now),
      })
      .where(eq(contracts.id, row.id));
    await runSignHook(tx, {
      id: row.id,
      contractNo: row.contractNo,
      type: row.type,
      relatedType: row.relatedType,
      relatedId: row.relatedId,
      signer: { id: signer.userId, name: user.displayName, ip: signer.ip },
    });
    const view = await findContract(tx, scope, row.id);
    return view!;
  });
}
