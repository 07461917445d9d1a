// What several operations of purchase and sales use: an order's kind and status, the tax rates, an amount
// in an answer, an order as a row of the list (and the head of its detail), a reason, and an order's status
// after a command (index.ts re-exports the schemas by name; the rest is used inside the area).
import { z } from 'zod';
import { ORDER_TAX_RATES_PPM } from '../../orders.ts';
import { ORDER_STATUSES } from '../../status/purchase-sales.ts';
import { optionalTextSchema } from '../common.ts';

export const tag = 'purchase-sales';

export const orderKindSchema = z.enum(['PURCHASE', 'SALES'], { error: '订单类型不正确' });
export const orderStatusSchema = z.enum(ORDER_STATUSES as unknown as ['DRAFT', ...string[]], { error: '订单状态不正确' });

export const taxRateSchema = z.union([z.number(), z.string().trim()], { error: '请选择税率' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!(ORDER_TAX_RATES_PPM as readonly number[]).includes(n)) {
    ctx.addIssue({ code: 'custom', message: '税率不正确' });
    return z.NEVER;
  }
  return n;
});

export const reasonInputSchema = z.object({ reason: optionalTextSchema(200, '原因', { multiline: true }) });

export const centsOut = z.number().int();

export const orderActionsSchema = z.object({
  edit: z.boolean(),
  confirm: z.boolean(),
  counterpartyConfirm: z.boolean(),
  fulfil: z.boolean(),
  cancel: z.boolean(),
  pay: z.boolean(),
  collect: z.boolean(),
  close: z.boolean(),
});

export const orderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** As the viewer sees it. */
  kind: orderKindSchema,
  status: z.string(),
  statusLabel: z.string(),
  owner: z.boolean(),
  counterpartyName: z.string(),
  counterpartyEnterpriseId: z.number().int().nullable(),
  counterpartyOnPortal: z.boolean(),
  deliveryDate: z.string(),
  amount: centsOut,
  tax: centsOut,
  totalAmount: centsOut,
  paidAmount: centsOut,
  outstanding: centsOut,
  partlyFulfilled: z.boolean(),
  overdue: z.boolean(),
  financing: z.object({ id: z.number().int(), financingNo: z.string(), status: z.string() }).nullable(),
  actions: orderActionsSchema,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** An order after a command: its new status. */
export const orderStatusAnswerSchema = z.object({ id: z.number().int(), status: z.string(), statusLabel: z.string() });
