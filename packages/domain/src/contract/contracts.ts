// Contracts (PRODUCT §10): list, detail, file, signing.
import { z } from 'zod';
import { CONTRACT_STATUSES } from '../status/contract.ts';
import { idParams, optionalTextSchema, pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/** A contract kind's code as requests carry it; whether such a kind is registered is the server's to say. */
export const contractTypeSchema = z
  .string({ error: '合同类型不正确' })
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{1,39}$/, '合同类型不正确');

export const contractListQuery = pageQuerySchema.extend({
  status: z.enum(CONTRACT_STATUSES).optional(),
  /** A registered kind's code (GET /api/contracts/kinds); an unknown one is refused. */
  type: contractTypeSchema.optional(),
  keyword: optionalTextSchema(64, '关键字'),
});
/** The two files of a signed contract: the original as generated, and the signed version made when it was signed. */
export const CONTRACT_FILE_VERSIONS = ['original', 'signed'] as const;
export const contractFileQuery = z.object({
  download: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Without it: the signed version once there is one, else the original. */
  version: z.enum(CONTRACT_FILE_VERSIONS).optional(),
});
/** `POST /api/contracts/:id/sign` (form): the login password, RSA-encrypted like the login. */
export const signContractBody = z.object({
  password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(1024, '密码加密数据无效'),
});

export const contractSchema = z.object({
  id: z.number().int(),
  contractNo: z.string(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  /** The kind's code and label, as the contract was drawn up (issue 35: the kinds are registered by their areas). */
  type: z.string(),
  typeLabel: z.string(),
  title: z.string(),
  relatedType: z.string(),
  relatedId: z.string(),
  relatedNo: z.string().nullable(),
  relatedLabel: z.string(),
  counterparty: z.string(),
  amount: z.number().int().meta({ description: '合同金额，单位：分' }),
  status: z.enum(CONTRACT_STATUSES),
  statusLabel: z.string(),
  createdAt: z.string(),
  effectiveDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileSha256: z.string(),
  signedByName: z.string().nullable(),
  signedAt: z.string().nullable(),
  signerIp: z.string().nullable(),
  /** The SHA-256 of the document signed (the original, re-hashed at signing). */
  signedSha256: z.string().nullable(),
  /** The signed version (seal, signer, date, signature page): its download name, size and own SHA-256; null until signed. */
  signedFileName: z.string().nullable(),
  signedFileSize: z.number().int().nullable(),
  signedFileSha256: z.string().nullable(),
  /** The factor's countersignature (issue 37): the operator whose approval added it, and when; null until then. */
  countersignedByName: z.string().nullable(),
  countersignedAt: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

/** One stored file checked against its record: the hash recomputed from the bytes on disk. */
const contractFileCheckSchema = z.object({
  fileName: z.string(),
  recordedSha256: z.string(),
  recordedSize: z.number().int(),
  /** Null when the file is not on disk. */
  actualSha256: z.string().nullable(),
  actualSize: z.number().int().nullable(),
  result: z.enum(['MATCH', 'MISMATCH', 'MISSING']),
});
/** One digital signature read from the signed file itself (issue 26: PAdES, adbe.pkcs7.detached). */
export const fileSignatureSchema = z.object({
  fieldName: z.string(),
  /** From the signer's certificate: the holder, its credit code, the authorised person. */
  signerName: z.string().nullable(),
  uscc: z.string().nullable(),
  authorisedPerson: z.string().nullable(),
  issuerName: z.string().nullable(),
  certificateSerial: z.string().nullable(),
  certificateValidFrom: z.string().nullable(),
  certificateValidTo: z.string().nullable(),
  /** The signed signing time (ISO). */
  signedAt: z.string().nullable(),
  reason: z.string().nullable(),
  location: z.string().nullable(),
  /** The signature matches the bytes it covers. */
  intact: z.boolean(),
  /** The certificate was issued by this platform's signing authority. */
  trusted: z.boolean(),
  coversWholeFile: z.boolean(),
  /** Changed after this signature by bytes no later intact signature covers. */
  changedAfter: z.boolean(),
  problem: z.string().nullable(),
});
export type FileSignature = z.infer<typeof fileSignatureSchema>;

/** `GET /api/contracts/:id/verification`: the stored files recomputed against the contract's record. */
export const contractVerificationSchema = z.object({
  contractId: z.number().int(),
  contractNo: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  /** MATCH only when every recorded file is on disk with its recorded hash and the signed version names the original signed. */
  verdict: z.enum(['MATCH', 'MISMATCH', 'MISSING']),
  message: z.string(),
  original: contractFileCheckSchema,
  /** Null before signing, and for contracts signed before signed versions were written. */
  signed: contractFileCheckSchema
    .extend({
      /** The original's SHA-256 as the signature recorded it. */
      signedOriginalSha256: z.string(),
      /** What the signed file itself says it signed (its metadata), null when it cannot be read. */
      declaredOriginalSha256: z.string().nullable(),
      /** The signature was made on this contract's original: recorded, declared and original hashes agree. */
      originalMatches: z.boolean(),
    })
    .nullable(),
  /**
   * The digital signatures in the signed file, in signing order (the enterprise's, then the factor's
   * countersignature once an operator approved); empty before signing and for files signed before digital signatures (issue 26).
   */
  signatures: z.array(fileSignatureSchema),
  checkedAt: z.string(),
});
export type ContractVerification = z.infer<typeof contractVerificationSchema>;
export const contractPageSchema = pageOf(contractSchema);
/** One registered kind of contract: the list's type filter. */
export const contractKindSchema = z.object({ code: z.string(), label: z.string() });
export type ContractKindOption = z.infer<typeof contractKindSchema>;
export const contractCountsSchema = z.object({
  toSign: z.number().int(),
  signed: z.number().int(),
  expired: z.number().int(),
  void: z.number().int(),
  total: z.number().int(),
});

// Operations ----------------------------------------------------------------------------------------

const tag = 'contracts';

/** Operators see every enterprise's contracts, an enterprise user their own enterprise's; only an enterprise signs. */
export const contractsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/contracts',
    tag,
    access: 'user',
    summary: '合同列表（分页，按状态、类型、关键字筛选）',
    query: contractListQuery,
    answer: contractPageSchema,
  }),
  kinds: endpoint({
    method: 'GET',
    path: '/api/contracts/kinds',
    tag,
    access: 'user',
    summary: '合同类型（各业务登记的合同种类，列表筛选用）',
    answer: z.array(contractKindSchema),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/contracts/stats',
    tag,
    access: 'user',
    summary: '合同数量（待签署、已签署等）',
    answer: contractCountsSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/contracts/:id',
    tag,
    access: 'user',
    summary: '合同详情',
    params: idParams,
    answer: contractSchema,
  }),
  file: endpoint({
    method: 'GET',
    path: '/api/contracts/:id/file',
    tag,
    access: 'user',
    summary: '合同 PDF（默认在线查看；download=1 下载；version=original 原文、signed 签署版，默认签署后为签署版）',
    params: idParams,
    query: contractFileQuery,
    answer: { binary: 'application/pdf' },
  }),
  verification: endpoint({
    method: 'GET',
    path: '/api/contracts/:id/verification',
    tag,
    access: 'user',
    summary: '合同文件核验（重新计算原文与签署版的 SHA-256 并与记录比对）',
    params: idParams,
    answer: contractVerificationSchema,
  }),
  // The login password goes as a form field, RSA-encrypted like the login's.
  sign: endpoint({
    method: 'POST',
    path: '/api/contracts/:id/sign',
    tag,
    access: 'merchant',
    summary: '签署合同（登录密码 RSA-OAEP 加密确认）',
    params: idParams,
    body: signContractBody,
    bodyType: 'form',
    answer: contractSchema,
  }),
};
