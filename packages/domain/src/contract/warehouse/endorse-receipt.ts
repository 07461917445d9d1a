// Endorsing a receipt to another enterprise.
import { z } from 'zod';
import { idSchema, moneyConfirmationFields } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { replayFields, tag, usccSchema } from './shared.ts';

/** Endorsing moves title to the goods: the holder confirms it with the login password (issue 21). */
export const receiptEndorseSchema = z.object({
  receiptId: idSchema('仓单'),
  toUscc: usccSchema('被背书企业统一社会信用代码'),
  ...moneyConfirmationFields,
});

export const receiptEndorsedSchema = z.object({
  id: z.number(),
  receiptNo: z.string(),
  holderName: z.string(),
  holderUscc: z.string(),
  contentHash: z.string(),
  ...replayFields,
});

export default {
  endorseReceipt: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/endorse',
    tag,
    access: 'merchant',
    summary: '背书转让仓单（持有人，登录密码确认）',
    body: receiptEndorseSchema,
    answer: receiptEndorsedSchema,
  }),
};
