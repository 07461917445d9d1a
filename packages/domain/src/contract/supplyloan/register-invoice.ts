// Registering an invoice: checked with the tax bureau, then verified by an operator.
import { z } from 'zod';
import type { Cents } from '../../money.ts';
import { parseInvoiceNumber, RECEIVABLE_TYPES, type ReceivableType } from '../../receivables.ts';
import { centsSchema, idSchema, isoDateSchema, optionalTextSchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { verificationSummarySchema } from '../receivables.ts';
import { invoiceStatus, rowId, tag } from './shared.ts';

/**
 * An invoice as the tax bureau reads it (issue 36): a 10- or 12-digit code with an 8-digit number, or a
 * 数电票's 20 digits without a code (`parseInvoiceNumber`); what kind of receivable it is (the
 * supervisor's intake rules), when the buyer must pay, the basis contract of a future one, and the order it bills.
 */
export const registerInvoiceBody = z
  .object({
    invoiceCode: z
      .string()
      .trim()
      .max(12, '发票代码应为10位或12位数字')
      .optional()
      .default('')
      .meta({ description: '发票代码（数电票不填）' }),
    invoiceNumber: textSchema(20, '发票号码'),
    issueDate: isoDateSchema('开票日期'),
    /** Amount including tax. */
    amount: centsSchema('发票金额'),
    taxAmount: centsSchema('税额', { allowZero: true }).default(0 as Cents),
    buyerEnterpriseId: idSchema('购买方（核心企业）'),
    imageUploadId: idSchema('发票影像').optional(),
    receivableType: z
      .enum(RECEIVABLE_TYPES as [ReceivableType, ...ReceivableType[]], { error: '请选择应收账款类型' })
      .default('SALE')
      .meta({ description: '应收账款类型' }),
    dueDate: isoDateSchema('应收账款到期日').optional().meta({ description: '应收账款到期日' }),
    basisContractNo: optionalTextSchema(60, '基础合同编号').meta({ description: '基础合同编号' }),
    orderNo: optionalTextSchema(40, '所属订单编号').meta({ description: '所属订单编号' }),
  })
  .superRefine((body, ctx) => {
    const parsed = parseInvoiceNumber(body.invoiceCode, body.invoiceNumber);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: [parsed.field], message: parsed.message });
  });
export type RegisterInvoiceInput = z.output<typeof registerInvoiceBody>;
export const registerInvoiceResult = z.object({ id: rowId, status: invoiceStatus, verification: verificationSummarySchema.nullable() });

export default {
  registerInvoice: endpoint({
    method: 'POST',
    path: '/api/supplyloan/invoices',
    tag,
    access: 'merchant',
    summary: '登记发票（税务局查验后提交运营核验）',
    body: registerInvoiceBody,
    answer: registerInvoiceResult,
  }),
};
