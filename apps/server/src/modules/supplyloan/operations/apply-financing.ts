import type { InvoiceFinancingInput, OrderLoanInput } from '@factoring/domain/contract';
import {
  financingAmountProblem,
  formatPercent,
  formatYuan,
  intakeProblem,
  INTEREST_MODE_LABELS,
  invoiceLabel,
  invoiceLifecycle,
  orderReceivableLifecycle,
  type Cents,
  type IsoDate,
} from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { financingInvoices, financings, invoices, orderReceivables } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask } from '../../bpm/index.ts';
import { availableOf, lockCreditLine, reserveCredit, type CreditLine } from '../../credit/index.ts';
import { generateFinancingContract } from '../contract-link.ts';
import { checkTerm, trial, type Trial, type OrderBacking } from '../../financing/index.ts';
import { financingNoOf, platformOf, recordEvent, TASK, type Actor, type Platform } from '../store.ts';
import { bureauProblem, checkSubjects, checksOf, claimReceivables, eligibleInvoices } from '../../receivables/index.ts';
import { now } from '../../../lib/clock.ts';
import { ownUploads } from '../../uploads/index.ts';

/** amount ≤ min(available credit, advance rate × receivables): the domain's one rule, as the trial and the form apply it. */
function checkAmount(platform: Platform, line: CreditLine, amount: number, receivables: number) {
  const problem = financingAmountProblem(amount, { available: availableOf(line), advanceRatePpm: platform.advanceRatePpm, receivables });
  if (problem) throw new BusinessError(problem, 'FINANCING_OVER_LIMIT');
}

async function createFinancing(
  tx: Tx,
  p: {
    enterpriseId: number;
    actor: Actor;
    line: CreditLine;
    platform: Platform;
    kind: 'INVOICE' | 'ORDER';
    amount: number;
    termDays: number;
    purpose?: string;
    t: Trial;
    today: IsoDate;
  },
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

async function submitForApproval(
  tx: Tx,
  f: { id: number; financingNo: string; enterpriseId: number; amount: number; termDays: number },
  platform: Platform,
  t: Trial,
  actor: Actor,
  backing: { label: string; value: string }[],
  attachments: { uploadId: number; label: string }[],
) {
  const [enterprise] = await tx
    .select({ name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, f.enterpriseId));
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
 * An invoice financing: amount ≤ min(available credit, advance rate × chosen verified invoices — each at what
 * remains of it after the bureau's credit notes, `eligibleInvoices`),
 * term ≤ platform maximum. Locks the credit line (the race for the last credit is decided on its
 * row) and the invoices (an invoice is financed once), reserves the credit, generates the contract
 * and puts the application up for approval.
 */
export async function applyInvoiceFinancing(db: Db, scope: EnterpriseScope, actor: Actor, input: InvoiceFinancingInput, today: IsoDate) {
  const { enterpriseId } = scope;
  return inTransaction(db, async (tx) => {
    const line = await lockCreditLine(tx, scope, input.creditLineId);
    const platform = await platformOf(tx, line.platformId);
    if (platform.product !== 'SUPPLY') throw new BusinessError('该授信不属于供应链平台');
    checkTerm(platform, input.termDays);
    const ids = [...new Set(input.invoiceIds)].sort((a, b) => a - b);
    const chosen = await tx
      .select()
      .from(invoices)
      .where(and(ownedBy(scope, invoices.enterpriseId), inArray(invoices.id, ids)))
      .orderBy(asc(invoices.id))
      .for('update');
    if (chosen.length !== ids.length) throw new NotFoundError('发票不存在');
    for (const inv of chosen) {
      const no = invoiceLabel(inv.invoiceCode, inv.invoiceNumber);
      if (inv.status === 'FINANCED' || inv.status === 'SETTLED') throw new BusinessError(`发票 ${no} 已融资，同一张发票不能重复融资`);
      if (inv.status !== 'VERIFIED') throw new BusinessError(`发票 ${no} 尚未核验通过，不能用于融资`);
      if (inv.buyerEnterpriseId !== platform.coreEnterpriseId) throw new BusinessError(`发票 ${no} 的购买方不是该平台的核心企业`);
      // The supervisor's intake rules on the day (an invoice falls overdue after it was registered).
      const intake = intakeProblem({ type: inv.receivableType, dueDate: inv.dueDate, contractNo: inv.basisContractNo }, today);
      if (intake) throw new BusinessError(`发票 ${no}：${intake}`, 'RECEIVABLE_INTAKE');
    }
    // What the tax bureau said last (a weekly check may have found it void or reversed since it was verified).
    const subjects = await checkSubjects(
      tx,
      chosen.map((i) => ({ ...i, sellerId: i.enterpriseId, buyerId: i.buyerEnterpriseId })),
    );
    for (const [n, subject] of subjects.entries()) {
      const problem = bureauProblem(await checksOf(tx, subject.invoiceKey), invoiceLabel(chosen[n].invoiceCode, chosen[n].invoiceNumber));
      if (problem) throw new BusinessError(problem, 'INVOICE_BUREAU_REFUSED');
    }
    // Issue 36: what the bureau's credit notes (红字发票) took off is not a receivable — each counts what remains.
    const eligible = await eligibleInvoices(
      tx,
      chosen.map((i) => ({ ...i, sellerId: i.enterpriseId, buyerId: i.buyerEnterpriseId })),
    );
    const receivables = eligible.reduce((s, e) => s + e.eligible, 0);
    const credited = eligible.reduce((s, e) => s + e.credited, 0);
    checkAmount(platform, line, input.amount, receivables);
    await reserveCredit(tx, line, input.amount, today);
    const t = trial(platform, input.amount as Cents, input.termDays, today);
    const f = await createFinancing(tx, {
      enterpriseId,
      actor,
      line,
      platform,
      kind: 'INVOICE',
      amount: input.amount,
      termDays: input.termDays,
      purpose: input.purpose,
      t,
      today,
    });
    // Financed once (issue 36): each invoice, and the order it bills, across enterprises, platforms and products.
    await claimReceivables(
      tx,
      { product: 'INVOICE', financingId: f.id, financingNo: f.financingNo, enterpriseId },
      eligible.map(({ invoice: i, credited }) => ({
        kind: 'INVOICE' as const,
        sellerId: i.enterpriseId,
        buyerId: i.buyerEnterpriseId,
        invoiceCode: i.invoiceCode,
        invoiceNumber: i.invoiceNumber,
        issueDate: i.issueDate,
        amount: i.amount,
        credited,
        orderNo: i.orderNo,
        dueDate: i.dueDate,
      })),
    );
    await tx
      .insert(financingInvoices)
      .values(eligible.map(({ invoice: i, eligible: amount }) => ({ financingId: f.id, invoiceId: i.id, amount })));
    for (const invoice of chosen)
      await transition(tx, invoices, invoiceLifecycle, invoice, 'FINANCED', { financingId: f.id, updatedAt: now() });
    const invoiceNos = chosen.map((i) => invoiceLabel(i.invoiceCode, i.invoiceNumber)).join('，');
    const contractId = await generateFinancingContract(tx, { financing: f, platform, t, invoiceNo: invoiceNos, receivables });
    await submitForApproval(
      tx,
      f,
      platform,
      t,
      actor,
      [
        { label: '融资发票', value: invoiceNos },
        ...chosen.filter((i) => i.orderNo).map((i) => ({ label: `发票 ${i.invoiceNumber} 所属订单`, value: i.orderNo! })),
        ...(credited > 0 ? [{ label: '红字发票冲减（元）', value: formatYuan(credited) }] : []),
        { label: '应收账款合计（元）', value: formatYuan(receivables) },
      ],
      chosen.filter((i) => i.imageUploadId).map((i) => ({ uploadId: i.imageUploadId!, label: `发票影像 ${i.invoiceNumber}` })),
    );
    return { id: f.id, financingNo: f.financingNo, contractId, status: 'SUBMITTED' as const, ...pick(t) };
  });
}

/**
 * An order loan: the same rules against a purchase order from the core enterprise; drawn later in tranches.
 * `backing` is what purchase/sales offers for a managed sales order (the `OrderBacking` port, wired in
 * app.ts; issue 16): the route passes the app's. `null` takes the order number as typed in, as
 * for the history seed's purchase orders from outside the portal.
 */
export async function applyOrderLoan(
  db: Db,
  scope: EnterpriseScope,
  actor: Actor,
  input: OrderLoanInput,
  today: IsoDate,
  backing: OrderBacking | null,
) {
  const { enterpriseId } = scope;
  return inTransaction(db, async (tx) => {
    const line = await lockCreditLine(tx, scope, input.creditLineId);
    const platform = await platformOf(tx, line.platformId);
    if (platform.product !== 'SUPPLY') throw new BusinessError('该授信不属于供应链平台');
    checkTerm(platform, input.termDays);
    // issue 16: a managed sales order's own figures
    await backing?.claimForOrderLoan(tx, scope, {
      orderNo: input.orderNo,
      orderAmount: input.orderAmount,
      deliveryDate: input.deliveryDate,
      coreEnterpriseId: platform.coreEnterpriseId,
      actor,
    });
    if (input.attachmentUploadId) {
      const [file] = await ownUploads(tx, scope, [input.attachmentUploadId]);
      if (!file) throw new BusinessError('订单附件不存在，请重新上传');
    }
    const [existing] = await tx
      .select()
      .from(orderReceivables)
      .where(and(ownedBy(scope, orderReceivables.enterpriseId), eq(orderReceivables.orderNo, input.orderNo)))
      .for('update');
    if (existing && existing.status !== 'REGISTERED') throw new BusinessError(`订单 ${input.orderNo} 已融资，同一订单不能重复融资`);
    checkAmount(platform, line, input.amount, input.orderAmount);
    await reserveCredit(tx, line, input.amount, today);
    const t = trial(platform, input.amount as Cents, input.termDays, today);
    const f = await createFinancing(tx, {
      enterpriseId,
      actor,
      line,
      platform,
      kind: 'ORDER',
      amount: input.amount,
      termDays: input.termDays,
      purpose: input.purpose,
      t,
      today,
    });
    // Financed once (issue 36): the order — and so every invoice billing it — across enterprises, platforms and products.
    await claimReceivables(tx, { product: 'ORDER', financingId: f.id, financingNo: f.financingNo, enterpriseId }, [
      { kind: 'ORDER', sellerId: enterpriseId, buyerId: platform.coreEnterpriseId, orderNo: input.orderNo, amount: input.orderAmount },
    ]);
    const order = {
      buyerEnterpriseId: platform.coreEnterpriseId,
      amount: input.orderAmount,
      deliveryDate: input.deliveryDate,
      attachmentUploadId: input.attachmentUploadId ?? null,
      financingId: f.id,
    };
    // An order registered before (its earlier financing ended undrawn) is financed again.
    if (existing) await transition(tx, orderReceivables, orderReceivableLifecycle, existing, 'FINANCED', order);
    else
      await tx.insert(orderReceivables).values({ ...order, status: 'FINANCED', enterpriseId, orderNo: input.orderNo, createdBy: actor.id });
    const contractId = await generateFinancingContract(tx, {
      financing: f,
      platform,
      t,
      invoiceNo: `订单 ${input.orderNo}`,
      receivables: input.orderAmount,
    });
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
