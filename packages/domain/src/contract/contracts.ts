// Contracts (PRODUCT §10): list, detail, file, signing.
import { z } from 'zod';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from '../status/contract.ts';
import { optionalTextSchema, pageOf, pageQuerySchema } from './common.ts';

export const contractListQuery = pageQuerySchema.extend({
  status: z.enum(CONTRACT_STATUSES).optional(),
  type: z.enum(CONTRACT_TYPES).optional(),
  keyword: optionalTextSchema(64, '关键字'),
});
export const contractFileQuery = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });
/** `POST /api/contracts/:id/sign` (form): the login password, RSA-encrypted like the login. */
export const signContractBody = z.object({
  password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(1024, '密码加密数据无效'),
});

export const contractSchema = z.object({
  id: z.number().int(),
  contractNo: z.string(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  type: z.enum(CONTRACT_TYPES),
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
  signedSha256: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;
export const contractPageSchema = pageOf(contractSchema);
export const contractCountsSchema = z.object({
  toSign: z.number().int(),
  signed: z.number().int(),
  expired: z.number().int(),
  void: z.number().int(),
  total: z.number().int(),
});
