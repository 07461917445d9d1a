import {
  cloudLoanDrawdownDetailSchema,
  cloudLoanDrawdownSchema,
  cloudLoanRepaidSchema,
  cloudLoanRepaymentSchema,
} from '@factoring/domain/contract';
import { z } from 'zod';

/**
 * The answers that show a drawdown or a repayment carry the bank's reference for it (what the
 * adapter's `draw` / `repay` answered), beside the portal's own number and ledger reference.
 */
const bankRef = z.string().nullable().meta({ description: '银行业务编号（银行适配器返回的借据号 / 还款流水号）' });

export const drawdownAnswerSchema = cloudLoanDrawdownSchema.extend({ bankRef });
export type DrawdownAnswer = z.infer<typeof drawdownAnswerSchema>;

export const repaymentAnswerSchema = cloudLoanRepaymentSchema.extend({ bankRef });
export type RepaymentAnswer = z.infer<typeof repaymentAnswerSchema>;

export const drawdownDetailAnswerSchema = cloudLoanDrawdownDetailSchema.extend({ bankRef, repayments: z.array(repaymentAnswerSchema) });
export type DrawdownDetailAnswer = z.infer<typeof drawdownDetailAnswerSchema>;

export const drawnAnswerSchema = z.object({
  id: z.number(),
  drawdownNo: z.string(),
  refNo: z.string(),
  bankRef: z.string(),
  principal: z.number(),
  instalments: z.number(),
  maturityDate: z.string(),
});

export const repaidAnswerSchema = cloudLoanRepaidSchema.extend({ bankRef });
