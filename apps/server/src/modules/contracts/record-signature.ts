import { chinaDate, contractLifecycle } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { onRollback } from '../../db/transaction.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { shownStatus } from './queries.ts';
import type { SignedContract } from './contract-kinds.ts';
import { renderSignedVersion } from './signed-version.ts';
import { readContractFile, removeContractFile, sha256, storeContractFile } from './storage.ts';
import { now } from '../../lib/clock.ts';
import { addSignature, enterpriseCredential, signingContext } from '../signing/index.ts';

export const SIGNING_MESSAGES = {
  notFound: '合同不存在',
  alreadySigned: '该合同已签署，请勿重复签署',
  void: '该合同已作废，不能签署',
  expired: '该合同已过期，不能签署',
  fileMissing: '合同文件不存在或已被删除，不能签署，请联系客服',
  fileChanged: '合同文件与生成时不一致，已拒绝签署，请联系客服',
} as const;

/**
 * The enterprise's digital signature on the signed version (issue 26): a PAdES signature appended to
 * the file, so the file itself proves who signed it and that nothing changed since. The factor's
 * countersignature is its own act, added when an operator approves the decision that follows
 * (countersign.ts, issue 37) — never here.
 */
async function signDigitally(
  tx: Tx,
  pdf: Buffer,
  p: { enterpriseId: number; contractNo: string; typeLabel: string; ip: string; at: Date },
): Promise<Buffer> {
  const signing = await signingContext();
  const enterprise = await enterpriseCredential(tx, signing, p.enterpriseId, p.at);
  return addSignature(
    pdf,
    enterprise,
    { holder: 'ENTERPRISE', enterpriseId: p.enterpriseId },
    { reason: `签署${p.typeLabel}（${p.contractNo}）`, location: '中国', at: p.at, contactInfo: p.ip },
  );
}

export interface SignatureInput {
  contractId: number;
  /** The signer's enterprise scope: the contract must be its enterprise's; the signer is its user. */
  scope: EnterpriseScope;
  signerName: string;
  ip: string;
  at?: Date;
  /** The effective date when the contract has none (default: the China day of `at`). */
  effectiveDate?: string;
}

/**
 * THE way a contract becomes signed, in the caller's transaction (the signing route after the
 * password check; the demo seed as its users would). Under the row's lock it re-reads and re-hashes
 * the original and refuses when it no longer matches the hash taken at generation; then it draws the
 * signed version — the original's pages with the enterprise's seal, signer and date in the signature
 * block, and an electronic signature page with signer, time (China), IP and the original's SHA-256 —
 * stores it as a file of its own (removed again should the transaction roll back) and records the
 * signature with both hashes. The original file is never changed.
 */
export async function recordSignature(tx: Tx, input: SignatureInput): Promise<SignedContract> {
  const { scope, signerName, ip } = input;
  const at = input.at ?? now();
  const [row] = await tx
    .select({
      id: contracts.id,
      contractNo: contracts.contractNo,
      type: contracts.type,
      typeLabel: contracts.typeLabel,
      title: contracts.title,
      counterparty: contracts.counterparty,
      enterpriseId: contracts.enterpriseId,
      enterpriseName: enterpriseDirectory.name,
      relatedType: contracts.relatedType,
      relatedId: contracts.relatedId,
      status: contracts.status,
      shown: shownStatus,
      fileName: contracts.fileName,
      storedName: contracts.storedName,
      fileSha256: contracts.fileSha256,
      effectiveDate: contracts.effectiveDate,
    })
    .from(contracts)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, contracts.enterpriseId))
    .where(and(eq(contracts.id, input.contractId), ownedBy(scope, contracts.enterpriseId)))
    .for('update', { of: contracts });
  if (!row) throw new NotFoundError(SIGNING_MESSAGES.notFound);
  if (row.status === 'SIGNED') throw new BusinessError(SIGNING_MESSAGES.alreadySigned);
  if (row.status === 'VOID') throw new BusinessError(SIGNING_MESSAGES.void);
  if (row.shown === 'EXPIRED' || row.status === 'EXPIRED') throw new BusinessError(SIGNING_MESSAGES.expired);

  const original = await readContractFile(row.storedName);
  if (!original) throw new BusinessError(SIGNING_MESSAGES.fileMissing);
  const signedSha256 = sha256(original);
  if (signedSha256 !== row.fileSha256) throw new BusinessError(SIGNING_MESSAGES.fileChanged);

  const drawn = await renderSignedVersion(original, {
    contractNo: row.contractNo,
    title: row.title,
    typeLabel: row.typeLabel,
    enterpriseName: row.enterpriseName,
    counterparty: row.counterparty,
    signerName,
    signedAt: at,
    ip,
    original: { fileName: row.fileName, sha256: signedSha256, size: original.length },
  });
  const signedVersion = await signDigitally(tx, drawn, {
    enterpriseId: row.enterpriseId,
    contractNo: row.contractNo,
    typeLabel: row.typeLabel,
    ip,
    at,
  });
  const signedStoredName = await storeContractFile(signedVersion);
  onRollback(tx, () => removeContractFile(signedStoredName));

  await transition(tx, contracts, contractLifecycle, row, 'SIGNED', {
    signedBy: scope.userId,
    signedByName: signerName,
    signedAt: at,
    signerIp: ip,
    signedSha256,
    signedStoredName,
    signedFileSize: signedVersion.length,
    signedFileSha256: sha256(signedVersion),
    effectiveDate: row.effectiveDate ?? input.effectiveDate ?? chinaDate(at),
  });
  return {
    id: row.id,
    contractNo: row.contractNo,
    type: row.type,
    typeLabel: row.typeLabel,
    relatedType: row.relatedType,
    relatedId: row.relatedId,
    signer: { id: scope.userId, name: signerName, ip },
  };
}
