import { formatPercent, formatYuan, INTEREST_MODE_LABELS, isIsoDate, type Cents, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { creditLines, enterprises, financingInvoices, financings, invoices, orderReceivables, uploads } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { createTask } from '../bpm/tasks.ts';
import { availableOf, lockCreditLine, reserveCredit, type CreditLine } from '../credit/credit-lines.ts';
import { generateFinancingContract } from './contract-link.ts';
import { financeable, trial, type Trial } from './pricing.ts';
import { financingNoOf, platformOf, recordEvent, TASK, type Actor, type Platform } from './store.ts';

const amountCents = z.coerce
  .number({ error: '融资金额格式不正确' })
  .int('融资金额必须是以分为单位的整数')
  .min(1, '融资金额必须大于0')
  .max(Number.MAX_SAFE_INTEGER, '融资金额超出允许范围');
const termDays = z.coerce.number({ error: '请输入融资期限' }).int('融资期限必须是整数天').min(1, '融资期限至少1天').max(3650, '融资期限过长');
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.coerce.number().int().positive()).min(1, '请至少选择一张已核验的发票').max(50, '一次最多选择50张发票'),
);

export const invoiceFinancingInput = z.object({
  creditLineId: z.coerce.number().int().positive({ error: '请选择授信' }),
  invoiceIds: idList,
  amount: amountCents,
  termDays,
  purpose: z.string().trim().max(200, '融资用途不能超过200个字符').optional(),
});

export const orderLoanInput = z.object({
  creditLineId: z.coerce.number().int().positive({ error: '请选择授信' }),
  orderNo: z.string().trim().min(1, '请输入订单编号').max(40, '订单编号不能超过40个字符'),
  orderAmount: z.coerce.number({ error: '订单金额格式不正确' }).int('订单金额必须是以分为单位的整数').min(1, '订单金额必须大于0').max(Number.MAX_SAFE_INTEGER, '订单金额超出允许范围'),
  deliveryDate: z.string().trim().refine(isIsoDate, '交货日期格式不正确，应为YYYY-MM-DD'),
  attachmentUploadId: z.coerce.number().int().positive().optional(),
  amount: amountCents,
  termDays,
  purpose: z.string().trim().max(200, '融资用途不能超过200个字符').optional(),
});

export const trialInput = z.object({
  creditLineId: z.coerce.number().int().positive(),
  amount: amountCents,
  termDays,
  invoiceIds: idList.optional(),
  orderAmount: z.coerce.number().int().positive().optional(),
});

function checkTerm(platform: Platform, days: number) {
  if (days > platform.maxTermDays) throw new BusinessError(`融资期限不能超过平台最长期限 ${platform.maxTermDays} 天`);
}

function checkAmount(platform: Platform, line: CreditLine, amount: number, receivables: number) {
  const max = financeable(platform.advanceRatePpm, receivables as Cents);
  if (amount > max) {
    throw new BusinessError(`融资金额超过可融资额度：应收账款 ${formatYuan(receivables)} 元 × 融资比例 ${formatPercent(platform.advanceRatePpm)} = ${formatYuan(max)} 元`);
  }
  const available = availableOf(line);
  if (amount > available) throw new BusinessError(`融资金额超过可用授信额度（可用 ${formatYuan(available)} 元）`);
}

/** The live trial (read-only): interest, fee, net amount, due date, and the most that may be applied for. */
export async function trialFor(db: Db, enterpriseId: number, input: z.output<typeof trialInput>, today: IsoDate) {
  const [line] = await db.select().from(creditLines).where(eq(creditLines.id, input.creditLineId));
  if (!line || line.enterpriseId !== enterpriseId) throw new NotFoundError('授信不存在');
  const platform = await platformOf(db, line.platformId);
  let receivables: number | null = null;
  if (input.invoiceIds?.length) {
    const rows = await db
      .select({ amount: invoices.amount })
      .from(invoices)
      .where(and(eq(invoices.enterpriseId, enterpriseId), inArray(invoices.id, input.invoiceIds)));
    receivables = rows.reduce((s, r) => s + r.amount, 0);
  } else if (input.orderAmount) receivables = input.orderAmount;
  const available = availableOf(line);
  const maxAmount = Math.min(available, receivables === null ? available : financeable(platform.advanceRatePpm, receivables as Cents));
  const t = trial(platform, input.amount as Cents, input.termDays, today);
  return { ...t, interestModeLabel: INTEREST_MODE_LABELS[t.interestMode], available, receivables, maxAmount, maxTermDays: platform.maxTermDays };
}

async function createFinancing(
  tx: Tx,
  p: { enterpriseId: number; actor: Actor; line: CreditLine; platform: Platform; kind: 'INVOICE' | 'ORDER'; amount: number; termDays: number; purpose?: string; t: Trial; today: IsoDate },
) {
  const [row] = await tx
    .insert(financings)
    .values({
      financingNo: `tmp-${crypto.randomUUID()}`,
      enterpriseId: p.enterpriseId,
      platformId: p.platform.id,
      creditLineId: p.line.id,
      kind: p.kind,
      amount: p.amount,
      reserved: p.amount,
      termDays: p.termDays,
      annualRatePpm: p.t.annualRatePpm,
      serviceFeeRatePpm: p.t.serviceFeeRatePpm,
      penaltyMultiplierPpm: p.platform.penaltyMultiplierPpm,
      interestMode: p.t.interestMode,
      interest: p.t.interest,
      serviceFee: p.t.serviceFee,
      netAmount: p.t.netDisbursed,
      applyDate: p.today,
      dueDate: p.t.dueDate,
      status: 'SUBMITTED',
      purpose: p.purpose || null,
      createdBy: p.actor.id,
    })
    .returning();
  const financingNo = financingNoOf(row.id, p.today);
  await tx.update(financings).set({ financingNo }).where(eq(financings.id, row.id));
  await recordEvent(tx, row.id, p.actor, '提交融资申请', `融资金额 ${formatYuan(p.amount)} 元，期限 ${p.termDays} 天`, null, 'SUBMITTED');
  return { ...row, financingNo };
}

async function submitForApproval(tx: Tx, f: { id: number; financingNo: string; enterpriseId: number; amount: number; termDays: number }, platform: Platform, t: Trial, actor: Actor, backing: { label: string; value: string }[], attachments: { uploadId: number; label: string }[]) {
  const [enterprise] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, f.enterpriseId));
  await createTask(tx, {
    type: TASK.FINANCING_APPROVAL,
    subject: `融资审批 ${f.financingNo} ${enterprise?.name ?? ''} ${formatYuan(f.amount)} 元`,
    enterpriseId: f.enterpriseId,
    refId: f.id,
    data: { financingId: f.id, financingNo: f.financingNo, amount: f.amount, termDays: f.termDays },
    fields: [
      { label: '融资编号', value: f.financingNo },
      { label: '申请企业', value: enterprise?.name ?? '' },
      { label: '平台', value: platform.name },
      ...backing,
      { label: '融资金额（元）', value: formatYuan(f.amount) },
      { label: '融资期限', value: `${f.termDays} 天` },
      { label: '年化利率', value: formatPercent(t.annualRatePpm) },
      { label: '计息方式', value: INTEREST_MODE_LABELS[t.interestMode] },
      { label: '利息（元）', value: formatYuan(t.interest) },
      { label: '服务费（元）', value: formatYuan(t.serviceFee) },
      { label: '实际放款（元）', value: formatYuan(t.netDisbursed) },
    ],
    attachments,
    submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
  });
}

/**
 * An invoice financing: amount ≤ min(available credit, advance rate × chosen verified invoices),
 * term ≤ platform maximum. Locks the credit line (the race for the last credit is decided on its
 * row) and the invoices (an invoice is financed once), reserves the credit, generates the contract
 * and puts the application up for approval.
 */
export async function applyInvoiceFinancing(db: Db, enterpriseId: number, actor: Actor, input: z.output<typeof invoiceFinancingInput>, today: IsoDate) {
  return db.transaction(async (tx) => {
    const line = await lockCreditLine(tx, input.creditLineId, enterpriseId);
    const platform = await platformOf(tx, line.platformId);
    if (platform.product !== 'SUPPLY') throw new BusinessError('该授信不属于供应链平台');
    checkTerm(platform, input.termDays);
    const ids = [...new Set(input.invoiceIds)].sort((a, b) => a - b);
    const chosen = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.enterpriseId, enterpriseId), inArray(invoices.id, ids)))
      .orderBy(asc(invoices.id))
      .for('update');
    if (chosen.length !== ids.length) throw new NotFoundError('发票不存在');
    for (const inv of chosen) {
      const no = `${inv.invoiceCode}-${inv.invoiceNumber}`;
      if (inv.status === 'FINANCED' || inv.status === 'SETTLED') throw new BusinessError(`发票 ${no} 已融资，同一张发票不能重复融资`);
      if (inv.status !== 'VERIFIED') throw new BusinessError(`发票 ${no} 尚未核验通过，不能用于融资`);
      if (inv.buyerEnterpriseId !== platform.coreEnterpriseId) throw new BusinessError(`发票 ${no} 的购买方不是该平台的核心企业`);
    }
    const receivables = chosen.reduce((s, i) => s + i.amount, 0);
    checkAmount(platform, line, input.amount, receivables);
    await reserveCredit(tx, line, input.amount, today);
    const t = trial(platform, input.amount as Cents, input.termDays, today);
    const f = await createFinancing(tx, { enterpriseId, actor, line, platform, kind: 'INVOICE', amount: input.amount, termDays: input.termDays, purpose: input.purpose, t, today });
    await tx.insert(financingInvoices).values(chosen.map((i) => ({ financingId: f.id, invoiceId: i.id, amount: i.amount })));
    await tx.update(invoices).set({ status: 'FINANCED', financingId: f.id, updatedAt: new Date() }).where(inArray(invoices.id, ids));
    const invoiceNos = chosen.map((i) => `${i.invoiceCode}-${i.invoiceNumber}`).join('，');
    const contractId = await generateFinancingContract(tx, { financing: f, platform, t, invoiceNo: invoiceNos, receivables });
    await submitForApproval(
      tx,
      f,
      platform,
      t,
      actor,
      [
        { label: '融资发票', value: invoiceNos },
        { label: '应收账款合计（元）', value: formatYuan(receivables) },
      ],
      chosen.filter((i) => i.imageUploadId).map((i) => ({ uploadId: i.imageUploadId!, label: `发票影像 ${i.invoiceNumber}` })),
    );
    return { id: f.id, financingNo: f.financingNo, contractId, status: 'SUBMITTED' as const, ...pick(t) };
  });
}

/** An order loan: the same rules against a purchase order from the core enterprise; drawn later in tranches. */
export async function applyOrderLoan(db: Db, enterpriseId: number, actor: Actor, input: z.output<typeof orderLoanInput>, today: IsoDate) {
  return db.transaction(async (tx) => {
    const line = await lockCreditLine(tx, input.creditLineId, enterpriseId);
    const platform = await platformOf(tx, line.platformId);
    if (platform.product !== 'SUPPLY') throw new BusinessError('该授信不属于供应链平台');
    checkTerm(platform, input.termDays);
    if (input.attachmentUploadId) {
      const [file] = await tx.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.id, input.attachmentUploadId), eq(uploads.enterpriseId, enterpriseId)));
      if (!file) throw new BusinessError('订单附件不存在，请重新上传');
    }
    const [existing] = await tx
      .select()
      .from(orderReceivables)
      .where(and(eq(orderReceivables.enterpriseId, enterpriseId), eq(orderReceivables.orderNo, input.orderNo)))
      .for('update');
    if (existing && existing.status !== 'REGISTERED') throw new BusinessError(`订单 ${input.orderNo} 已融资，同一订单不能重复融资`);
    checkAmount(platform, line, input.amount, input.orderAmount);
    await reserveCredit(tx, line, input.amount, today);
    const t = trial(platform, input.amount as Cents, input.termDays, today);
    const f = await createFinancing(tx, { enterpriseId, actor, line, platform, kind: 'ORDER', amount: input.amount, termDays: input.termDays, purpose: input.purpose, t, today });
    const order = {
      buyerEnterpriseId: platform.coreEnterpriseId,
      amount: input.orderAmount,
      deliveryDate: input.deliveryDate,
      attachmentUploadId: input.attachmentUploadId ?? null,
      status: 'FINANCED' as const,
      financingId: f.id,
    };
    if (existing) await tx.update(orderReceivables).set(order).where(eq(orderReceivables.id, existing.id));
    else await tx.insert(orderReceivables).values({ ...order, enterpriseId, orderNo: input.orderNo, createdBy: actor.id });
    const contractId = await generateFinancingContract(tx, { financing: f, platform, t, invoiceNo: `订单 ${input.orderNo}`, receivables: input.orderAmount });
    await submitForApproval(
      tx,
      f,
      platform,
      t,
      actor,
      [
        { label: '订单编号', value: input.orderNo },
        { label: '订单金额（元）', value: formatYuan(input.orderAmount) },
        { label: '交货日期', value: input.deliveryDate },
      ],
      input.attachmentUploadId ? [{ uploadId: input.attachmentUploadId, label: '订单附件' }] : [],
    );
    return { id: f.id, financingNo: f.financingNo, contractId, status: 'SUBMITTED' as const, ...pick(t) };
  });
}

const pick = (t: Trial) => ({ interest: t.interest, serviceFee: t.serviceFee, netAmount: t.netDisbursed, dueDate: t.dueDate });
