import type { RegisterInvoiceInput } from '@factoring/domain/contract';
import {
  compareIsoDates,
  formatYuan,
  intakeProblem,
  invoiceLabel,
  isInvoiceRefusal,
  parseInvoiceNumber,
  RECEIVABLE_TYPE_LABELS,
  type InvoiceCheckOutcome,
  type IsoDate,
  type ReceivableType,
} from '@factoring/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invoices } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { createTask } from '../../bpm/index.ts';
import { checkInvoice, checkSubjects, summaryOf, type InvoiceVerifier } from '../../receivables/index.ts';
import { TASK, type Actor } from '../store.ts';
import { ownUploads } from '../../uploads/index.ts';

/** What registering takes: the contract's body, with the code, the kind of receivable and its extras optional (the seed's calls). */
export type InvoiceRegistration = Omit<RegisterInvoiceInput, 'invoiceCode' | 'receivableType'> & {
  invoiceCode?: string;
  receivableType?: ReceivableType;
};

/** The order an invoice bills as the bureau's 备注 names it (an invoice issued from a purchase/sales order). */
const orderInRemark = (remark: string | undefined) => /订单号[:：]\s*([^\s；;，,]+)/.exec(remark ?? '')?.[1] ?? null;

/**
 * Registers an invoice issued to a core enterprise (issue 36): the supervisor's intake rules first (a bill,
 * a consignment, a future receivable without its contract, an overdue one are refused), then the tax
 * bureau's check — in its own statement, so the answer is kept even when it refuses the invoice: void,
 * reversed or not the invoice registered is refused; 查无此票 or no answer is registered for the operator
 * to decide by hand. The INVOICE_VERIFY task shows the bureau's answer. Duplicates are refused.
 */
export async function registerInvoice(
  db: Db,
  scope: EnterpriseScope,
  actor: Actor,
  input: InvoiceRegistration,
  today: IsoDate,
  verifier: InvoiceVerifier,
) {
  const { enterpriseId } = scope;
  const parsed = parseInvoiceNumber(input.invoiceCode, input.invoiceNumber);
  if (!parsed.ok) throw new BusinessError(parsed.message);
  const { code: invoiceCode, number: invoiceNumber } = parsed;
  const label = invoiceLabel(invoiceCode, invoiceNumber);
  if (compareIsoDates(input.issueDate, today) > 0) throw new BusinessError('开票日期不能晚于今天');
  if (input.taxAmount > input.amount) throw new BusinessError('税额不能大于发票金额');
  if (input.dueDate && compareIsoDates(input.dueDate, input.issueDate) < 0) throw new BusinessError('应收账款到期日不能早于开票日期');
  const receivableType = input.receivableType ?? 'SALE';
  const intake = intakeProblem({ type: receivableType, dueDate: input.dueDate, contractNo: input.basisContractNo }, today);
  if (intake) throw new BusinessError(intake, 'RECEIVABLE_INTAKE');

  const [core] = await db
    .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name })
    .from(platformDirectory)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, platformDirectory.coreEnterpriseId))
    .where(and(eq(platformDirectory.coreEnterpriseId, input.buyerEnterpriseId), eq(platformDirectory.product, 'SUPPLY')))
    .limit(1);
  if (!core) throw new BusinessError('购买方必须是供应链平台的核心企业');
  if (core.id === enterpriseId) throw new BusinessError('购买方不能是本企业');
  // Refused before asking the bureau: a duplicate would only spend the invoice's daily checks.
  const [live] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.invoiceCode, invoiceCode), eq(invoices.invoiceNumber, invoiceNumber), ne(invoices.status, 'REJECTED')));
  if (live) throw new BusinessError(`发票 ${label} 已登记，请勿重复登记`);

  // The tax bureau's check, kept whatever comes of the registration.
  const [subject] = await checkSubjects(db, [
    { sellerId: enterpriseId, buyerId: core.id, invoiceCode, invoiceNumber, issueDate: input.issueDate, amount: input.amount },
  ]);
  const check = await checkInvoice(db, verifier, subject, { trigger: 'REGISTRATION', actor, today });
  if (isInvoiceRefusal(check.outcome as InvoiceCheckOutcome))
    throw new BusinessError(`${check.message}，发票不能登记`, 'INVOICE_BUREAU_REFUSED');
  const billed = orderInRemark(check.bureau?.remark);
  const typed = input.orderNo?.trim() || null;
  if (typed && billed && typed.replace(/\s+/g, '').toUpperCase() !== billed.toUpperCase())
    throw new BusinessError(`所属订单 ${typed} 与税务局发票备注中的订单 ${billed} 不一致`);
  const orderNo = typed ?? billed;

  return db.transaction(async (tx) => {
    if (input.imageUploadId) {
      const [file] = await ownUploads(tx, scope, [input.imageUploadId]);
      if (!file) throw new BusinessError('发票影像不存在，请重新上传');
    }
    const [row] = await tx
      .insert(invoices)
      .values({
        invoiceCode,
        invoiceNumber,
        issueDate: input.issueDate,
        amount: input.amount,
        taxAmount: input.taxAmount,
        buyerEnterpriseId: input.buyerEnterpriseId,
        imageUploadId: input.imageUploadId ?? null,
        receivableType,
        dueDate: input.dueDate ?? null,
        orderNo,
        basisContractNo: input.basisContractNo ?? null,
        enterpriseId,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BusinessError(`发票 ${label} 已登记，请勿重复登记`);
    const [seller] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, enterpriseId));
    await createTask(tx, {
      type: TASK.INVOICE_VERIFY,
      subject: `发票核验 ${label}`,
      enterpriseId,
      refId: row.id,
      data: { invoiceId: row.id, invoiceCode, invoiceNumber, issueDate: input.issueDate, amount: input.amount, checkId: check.id },
      fields: [
        { label: '销售方', value: seller?.name ?? '' },
        { label: '购买方（核心企业）', value: core.name },
        { label: '发票代码', value: invoiceCode || '（数电票无代码）' },
        { label: '发票号码', value: invoiceNumber },
        { label: '开票日期', value: input.issueDate },
        { label: '价税合计（元）', value: formatYuan(input.amount) },
        { label: '税额（元）', value: formatYuan(input.taxAmount) },
        { label: '应收账款类型', value: RECEIVABLE_TYPE_LABELS[receivableType] },
        ...(input.dueDate ? [{ label: '应收账款到期日', value: input.dueDate }] : []),
        ...(input.basisContractNo ? [{ label: '基础合同编号', value: input.basisContractNo }] : []),
        ...(orderNo ? [{ label: '所属订单', value: orderNo }] : []),
        { label: '税务局查验（登记时）', value: check.message },
      ],
      attachments: input.imageUploadId ? [{ uploadId: input.imageUploadId, label: '发票影像' }] : [],
      submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
    });
    return { ...row, verification: summaryOf(check) };
  });
}
