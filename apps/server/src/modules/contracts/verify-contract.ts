import type { ContractVerification, FileSignature } from '@factoring/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../lib/scope.ts';
import { shownStatus, signedFileNameOf } from './queries.ts';
import { SIGNING_MESSAGES } from './record-signature.ts';
import { declaredOriginalSha256 } from './signed-version.ts';
import { readContractFile, sha256 } from './storage.ts';
import * as clock from '../../lib/clock.ts';
import { NOT_ISSUED_HERE, readSignatures, signingContext } from '../signing/index.ts';

type FileCheck = ContractVerification['original'];

/** Re-reads one stored file and compares its recomputed SHA-256 and size with the record. */
async function checkFile(storedName: string, fileName: string, recordedSha256: string, recordedSize: number) {
  const bytes = await readContractFile(storedName);
  const actualSha256 = bytes ? sha256(bytes) : null;
  const check: FileCheck = {
    fileName,
    recordedSha256,
    recordedSize,
    actualSha256,
    actualSize: bytes ? bytes.length : null,
    result: !bytes ? 'MISSING' : actualSha256 === recordedSha256 && bytes.length === recordedSize ? 'MATCH' : 'MISMATCH',
  };
  return { check, bytes };
}

/**
 * The verification view of a contract (PRODUCT §10): recomputes the SHA-256 of the stored original
 * and of the signed version, compares each with its record, and checks that the signature was made
 * on this original — the hash recorded at signing, the hash the signed file itself names, and the
 * original's own hash agree. Reads only; scoped like the contract itself.
 */
export async function verifyContract(db: Db, scope: Scope, id: number, now = clock.now()): Promise<ContractVerification> {
  const [row] = await db
    .select({
      id: contracts.id,
      contractNo: contracts.contractNo,
      status: shownStatus,
      fileName: contracts.fileName,
      storedName: contracts.storedName,
      fileSize: contracts.fileSize,
      fileSha256: contracts.fileSha256,
      signedSha256: contracts.signedSha256,
      signedStoredName: contracts.signedStoredName,
      signedFileSize: contracts.signedFileSize,
      signedFileSha256: contracts.signedFileSha256,
      factorCountersigns: contracts.factorCountersigns,
      countersignedAt: contracts.countersignedAt,
    })
    .from(contracts)
    .where(and(eq(contracts.id, id), ownedBy(scope, contracts.enterpriseId)));
  if (!row) throw new NotFoundError(SIGNING_MESSAGES.notFound);

  const original = (await checkFile(row.storedName, row.fileName, row.fileSha256, row.fileSize)).check;
  let signed: ContractVerification['signed'] = null;
  let signatures: FileSignature[] = [];
  if (row.signedStoredName && row.signedFileSha256 && row.signedFileSize !== null && row.signedSha256) {
    const { check, bytes } = await checkFile(
      row.signedStoredName,
      signedFileNameOf(row.fileName),
      row.signedFileSha256,
      row.signedFileSize,
    );
    const declared = bytes ? await declaredOriginalSha256(bytes) : null;
    if (bytes) signatures = await readSignatures(bytes, (await signingContext()).authority.chain);
    signed = {
      ...check,
      signedOriginalSha256: row.signedSha256,
      declaredOriginalSha256: declared,
      originalMatches: row.signedSha256 === row.fileSha256 && declared === row.signedSha256,
    };
  }

  const checks = signed ? [original, signed] : [original];
  const badSignature = signatures.some((s) => s.problem !== null && s.problem !== NOT_ISSUED_HERE);
  const verdict =
    checks.some((c) => c.result === 'MISMATCH') || (signed && !signed.originalMatches && signed.result === 'MATCH') || badSignature
      ? 'MISMATCH'
      : checks.some((c) => c.result === 'MISSING')
        ? 'MISSING'
        : 'MATCH';
  return {
    contractId: row.id,
    contractNo: row.contractNo,
    status: row.status,
    verdict,
    message:
      messageOf(verdict, original, signed, signatures, row.signedSha256 !== null) +
      (verdict === 'MATCH' && row.signedSha256 !== null && row.factorCountersigns && !row.countersignedAt
        ? '保理方尚未会签（待保理方会签）：保理方在审批通过时会签。'
        : ''),
    original,
    signed,
    signatures,
    checkedAt: now.toISOString(),
  };
}

function messageOf(
  verdict: ContractVerification['verdict'],
  original: FileCheck,
  signed: ContractVerification['signed'],
  signatures: FileSignature[],
  isSigned: boolean,
): string {
  const problems: string[] = [];
  for (const s of signatures)
    if (s.problem && s.problem !== NOT_ISSUED_HERE) problems.push(`${s.signerName ?? s.fieldName}的数字签名：${s.problem}`);
  const foreign = signatures.filter((s) => s.problem === NOT_ISSUED_HERE).length;
  if (signed?.result === 'MISMATCH') problems.push('签署版文件与签署时记录的摘要不一致，文件可能已被篡改');
  if (signed?.result === 'MISSING') problems.push('签署版文件不存在或已被删除');
  if (signed?.result === 'MATCH' && !signed.originalMatches) problems.push('签署版文件记载的原文摘要与本合同原文不一致');
  if (original.result === 'MISMATCH') problems.push('原文文件与生成时记录的摘要不一致，文件可能已被篡改');
  if (original.result === 'MISSING') problems.push('原文文件不存在或已被删除');
  if (verdict !== 'MATCH') return `核验未通过：${problems.join('；')}。`;
  if (signed && signatures.length)
    return (
      `核验通过：签署版文件与签署记录一致，签署的正是本合同原文；文件中的 ${signatures.length} 个数字签名（${signatures.map((s) => s.signerName).join('、')}）均有效，签署后文件未被改动。` +
      (foreign ? `其中 ${foreign} 个签名的证书不是当前签名机构签发的（签名机构已更换，或文件来自其他系统）。` : '')
    );
  if (signed) return '核验通过：签署版文件与签署记录一致，且签署的正是本合同原文（该文件签署时尚无数字签名）。';
  return isSigned
    ? '核验通过：原文文件与记录一致（该合同签署时未生成签署版文件）。'
    : '核验通过：原文文件与生成时记录的摘要一致，合同尚未签署。';
}
