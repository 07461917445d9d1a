import { depositEntry, formatYuan, type Cents, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { enterprises, financings, financingTranches, invoices, orderReceivables, repayments, uploads, type RepaymentAllocation } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { BpmTask, TaskOperator } from '../bpm/registry.ts';
import { createTask } from '../bpm/tasks.ts';
import { releaseReservation, restoreCredit } from '../credit/credit-lines.ts';
import { virtualAccountBalance } from '../ledger/balances.ts';
import { rule } from '../ledger/domain-errors.ts';
import { postRepayment } from '../ledger/financing-postings.ts';
import { postEntry } from '../ledger/post-entry.ts';
import { readSiteConfig } from '../system/site-config.ts';
import { allocate, crystallise, owedOn, type Owed, type TrancheState } from './pricing.ts';
import { lockFinancing, platformOf, recordEvent, TASK, transition, type Actor, type Financing } from './store.ts';

type Tranche = typeof financingTranches.$inferSelect;

export const stateOf = (f: Pick<Financing, 'annualRatePpm' | 'penaltyMultiplierPpm' | 'interestMode'>, t: Tranche): TrancheState => ({
  outstanding: t.outstanding,
  annualRatePpm: f.annualRatePpm,
  penaltyMultiplierPpm: f.penaltyMultiplierPpm,
  interestMode: f.interestMode,
  dueDate: t.dueDate!,
  interestFrom: t.interestFrom,
  interestUnpaid: t.interestUnpaid,
  penaltyFrom: t.penaltyFrom,
  penaltyUnpaid: t.penaltyUnpaid,
});

/** Open tranches in repayment order: earliest due first. */
async function openTranches(db: Db | Tx, financingId: number, lock: boolean): Promise<Tranche[]> {
  const q = db
    .select()
    .from(financingTranches)
    .where(and(eq(financingTranches.financingId, financingId), eq(financingTranches.status, 'DISBURSED')))
    .orderBy(asc(financingTranches.dueDate), asc(financingTranches.seq));
  return lock ? q.for('update') : q;
}

export interface Quote {
  asOf: IsoDate;
  principal: number;
  interest: number;
  penalty: number;
  total: number;
  overdueDays: number;
  tranches: (Owed & { trancheId: number; seq: number; dueDate: string; startDate: string | null; overdue: boolean })[];
}

export function quoteOf(f: Financing, tranches: Tranche[], asOf: IsoDate): Quote {
  const rows = tranches.map((t) => ({ trancheId: t.id, seq: t.seq, dueDate: t.dueDate!, startDate: t.startDate, overdue: t.overdue, ...owedOn(stateOf(f, t), asOf) }));
  const sum = (k: 'principal' | 'interest' | 'penalty' | 'total') => rows.reduce((s, r) => s + r[k], 0);
  return { asOf, principal: sum('principal'), interest: sum('interest'), penalty: sum('penalty'), total: sum('total'), overdueDays: Math.max(0, ...rows.map((r) => r.overdueDays)), tranches: rows };
}

/** What the user sees on the repayment page: owed today (the early pay-off quote), the account, the factor's receiving account. */
export async function repaymentQuote(db: Db, financingId: number, enterpriseId: number, today: IsoDate) {
  const [f] = await db.select().from(financings).where(and(eq(financings.id, financingId), eq(financings.enterpriseId, enterpriseId)));
  if (!f) throw new NotFoundError('融资记录不存在');
  const quote = quoteOf(f, await openTranches(db, f.id, false), today);
  const platform = await platformOf(db, f.platformId);
  const site = await readSiteConfig(db);
  const account = await virtualAccountBalance(db, enterpriseId);
  const [pending] = await db.select().from(repayments).where(and(eq(repayments.financingId, f.id), eq(repayments.status, 'PENDING')));
  return {
    financing: { id: f.id, financingNo: f.financingNo, status: f.status, amount: f.amount, dueDate: f.dueDate, overdue: f.overdue, interestMode: f.interestMode, annualRatePpm: f.annualRatePpm, penaltyMultiplierPpm: f.penaltyMultiplierPpm },
    quote,
    repayable: f.status === 'DISBURSED' || f.status === 'REPAYING',
    available: account?.available ?? 0,
    receivingAccount: platform.repaymentAccount ?? site.factoringAccount,
    pendingVoucher: pending ? { id: pending.id, amount: pending.amount, createdAt: pending.createdAt } : null,
  };
}

/**
 * Applies a payment to a financing as of a day: over its open tranches in due order, penalty then
 * interest then principal; more than is owed is refused. Updates the tranches, restores the credit
 * line by the principal repaid, and settles the financing when nothing is outstanding.
 */
async function applyPayment(tx: Tx, f: Financing, amount: number, asOf: IsoDate, actor: Actor) {
  if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('该融资当前不在还款期');
  const tranches = await openTranches(tx, f.id, true);
  const quote = quoteOf(f, tranches, asOf);
  if (amount > quote.total) throw new BusinessError(`还款金额超过应还总额 ${formatYuan(quote.total)} 元`);
  let rest = amount;
  const allocations: RepaymentAllocation[] = [];
  for (const t of tranches) {
    if (rest <= 0) break;
    const state = stateOf(f, t);
    const part = allocate(owedOn(state, asOf), rest);
    rest = part.rest;
    if (part.penalty + part.interest + part.principal === 0) continue;
    const c = crystallise(state, asOf);
    const outstanding = t.outstanding - part.principal;
    const interestUnpaid = c.interestUnpaid - part.interest;
    const penaltyUnpaid = c.penaltyUnpaid - part.penalty;
    const settled = outstanding === 0 && interestUnpaid === 0 && penaltyUnpaid === 0;
    await tx
      .update(financingTranches)
      .set({
        outstanding,
        interestFrom: c.interestFrom,
        interestUnpaid,
        interestPaid: t.interestPaid + part.interest,
        penaltyFrom: c.penaltyFrom,
        penaltyUnpaid,
        penaltyPaid: t.penaltyPaid + part.penalty,
        penaltyToDate: penaltyUnpaid,
        penaltyAsOf: asOf,
        principalPaid: t.principalPaid + part.principal,
        status: settled ? 'SETTLED' : 'DISBURSED',
        overdue: settled ? false : t.overdue,
        settledAt: settled ? new Date() : null,
      })
      .where(eq(financingTranches.id, t.id));
    allocations.push({ trancheId: t.id, principal: part.principal, interest: part.interest, penalty: part.penalty });
  }
  const totals = {
    principal: allocations.reduce((s, a) => s + a.principal, 0),
    interest: allocations.reduce((s, a) => s + a.interest, 0),
    penalty: allocations.reduce((s, a) => s + a.penalty, 0),
  };
  await restoreCredit(tx, f.creditLineId, totals.principal);

  const remaining = await openTranches(tx, f.id, false);
  const waiting = (
    await tx
      .select({ id: financingTranches.id })
      .from(financingTranches)
      .where(and(eq(financingTranches.financingId, f.id), eq(financingTranches.status, 'PENDING')))
      .limit(1)
  ).length > 0;
  const note = `还款 ${formatYuan(amount)} 元：本金 ${formatYuan(totals.principal)}，利息 ${formatYuan(totals.interest)}，罚息 ${formatYuan(totals.penalty)}`;
  let status: Financing['status'];
  if (remaining.length === 0 && !waiting) {
    // Nothing outstanding: settled. What an order loan never drew goes back to the credit line.
    await releaseReservation(tx, f.creditLineId, f.reserved);
    await transition(tx, f, 'SETTLED', actor, '结清', note, { overdue: false, reserved: 0, settledAt: new Date() });
    if (f.kind === 'INVOICE') await tx.update(invoices).set({ status: 'SETTLED', updatedAt: new Date() }).where(eq(invoices.financingId, f.id));
    else await tx.update(orderReceivables).set({ status: 'SETTLED' }).where(eq(orderReceivables.financingId, f.id));
    status = 'SETTLED';
  } else {
    const overdue = remaining.some((t) => t.overdue);
    if (f.status === 'DISBURSED') await transition(tx, f, 'REPAYING', actor, '还款', note, { overdue });
    else {
      await tx.update(financings).set({ overdue, updatedAt: new Date() }).where(eq(financings.id, f.id));
      await recordEvent(tx, f.id, actor, '还款', note);
    }
    status = 'REPAYING';
  }
  return { allocations, ...totals, status, owedBefore: quote.total, owedAfter: quote.total - amount };
}

export const repayInput = z.object({
  amount: z.coerce.number({ error: '还款金额格式不正确' }).int('还款金额必须是以分为单位的整数').min(1, '还款金额必须大于0').max(Number.MAX_SAFE_INTEGER, '还款金额超出允许范围'),
});

/** Online repayment from the enterprise's available funds (the caller runs it under an idempotency key after the password check). */
export async function repayOnline(tx: Tx, financingId: number, enterpriseId: number, actor: Actor, amount: number, today: IsoDate) {
  const f = await lockFinancing(tx, financingId, enterpriseId);
  const applied = await applyPayment(tx, f, amount, today, actor);
  const posted = await postRepayment(tx, {
    enterpriseId,
    principal: applied.principal as Cents,
    interest: applied.interest as Cents,
    penalty: applied.penalty as Cents,
    sourceRef: f.financingNo,
    createdBy: actor.id,
  });
  const [row] = await tx
    .insert(repayments)
    .values({
      financingId: f.id,
      enterpriseId,
      method: 'ONLINE',
      amount,
      principal: applied.principal,
      interest: applied.interest,
      penalty: applied.penalty,
      allocations: applied.allocations,
      status: 'CONFIRMED',
      entryId: posted.entryId,
      refNo: posted.refNo,
      repayDate: today,
      createdBy: actor.id,
      confirmedBy: actor.id,
      confirmedAt: new Date(),
    })
    .returning({ id: repayments.id });
  return { repaymentId: row.id, refNo: posted.refNo, amount, principal: applied.principal, interest: applied.interest, penalty: applied.penalty, status: applied.status, owedAfter: applied.owedAfter };
}

export const voucherInput = z.object({
  amount: repayInput.shape.amount,
  voucherUploadId: z.coerce.number({ error: '请上传转账凭证' }).int().positive({ error: '请上传转账凭证' }),
  payerAccountName: z.string().trim().min(1, '请输入付款账户名称').max(100),
  payerAccountNo: z.string().trim().regex(/^\d{6,32}$/, '付款账号应为6–32位数字'),
});

/** An offline transfer to the factor's receiving account: recorded with its voucher, confirmed by an operator (REPAYMENT_VOUCHER). */
export async function submitVoucher(db: Db, financingId: number, enterpriseId: number, actor: Actor, input: z.output<typeof voucherInput>, today: IsoDate) {
  return db.transaction(async (tx) => {
    const f = await lockFinancing(tx, financingId, enterpriseId);
    if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('该融资当前不在还款期');
    const [file] = await tx.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.id, input.voucherUploadId), eq(uploads.enterpriseId, enterpriseId)));
    if (!file) throw new BusinessError('转账凭证不存在，请重新上传');
    const quote = quoteOf(f, await openTranches(tx, f.id, false), today);
    if (input.amount > quote.total) throw new BusinessError(`还款金额超过应还总额 ${formatYuan(quote.total)} 元`);
    const [row] = await tx
      .insert(repayments)
      .values({ financingId: f.id, enterpriseId, method: 'OFFLINE', amount: input.amount, status: 'PENDING', voucherUploadId: input.voucherUploadId, payerAccountName: input.payerAccountName, payerAccountNo: input.payerAccountNo, repayDate: today, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BusinessError('该融资已有待确认的线下还款凭证，请等待确认后再提交');
    const [enterprise] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, enterpriseId));
    await createTask(tx, {
      type: TASK.REPAYMENT_VOUCHER,
      subject: `线下还款确认 ${f.financingNo} ${formatYuan(input.amount)} 元`,
      enterpriseId,
      refId: row.id,
      data: { repaymentId: row.id, financingId: f.id, amount: input.amount },
      fields: [
        { label: '融资编号', value: f.financingNo },
        { label: '企业', value: enterprise?.name ?? '' },
        { label: '还款金额（元）', value: formatYuan(input.amount) },
        { label: '付款账户名称', value: input.payerAccountName },
        { label: '付款账号', value: input.payerAccountNo },
        { label: '提交时应还总额（元）', value: formatYuan(quote.total) },
      ],
      attachments: [{ uploadId: input.voucherUploadId, label: '转账凭证' }],
      submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
    });
    await recordEvent(tx, f.id, actor, '提交线下还款凭证', `金额 ${formatYuan(input.amount)} 元，待确认`);
    return { repaymentId: row.id, status: 'PENDING' as const };
  });
}

async function lockVoucher(tx: Tx, task: BpmTask) {
  const [row] = await tx.select().from(repayments).where(eq(repayments.id, Number(task.refId)));
  if (!row) throw new NotFoundError('还款记录不存在');
  const f = await lockFinancing(tx, row.financingId);
  const [locked] = await tx.select().from(repayments).where(eq(repayments.id, row.id)).for('update');
  if (locked.status !== 'PENDING') throw new BusinessError('该还款凭证已处理');
  return { repayment: locked, financing: f };
}

/**
 * REPAYMENT_VOUCHER approved: the transfer arrived at the factor's bank — it is booked as a receipt
 * into the enterprise's account and at once applied as a repayment, so the ledger shows both.
 */
export async function approveVoucher(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate) {
  const { repayment, financing } = await lockVoucher(tx, task);
  const actor = { id: operator.id, name: operator.name, ip: operator.ip };
  await postEntry(
    tx,
    rule(() => depositEntry({ enterpriseId: financing.enterpriseId, amount: repayment.amount as Cents, payer: { name: repayment.payerAccountName, accountNo: repayment.payerAccountNo }, memo: `${financing.financingNo} 线下还款` })),
    { createdBy: operator.id },
  );
  const applied = await applyPayment(tx, financing, repayment.amount, today, actor);
  const posted = await postRepayment(tx, {
    enterpriseId: financing.enterpriseId,
    principal: applied.principal as Cents,
    interest: applied.interest as Cents,
    penalty: applied.penalty as Cents,
    sourceRef: financing.financingNo,
    createdBy: operator.id,
  });
  await tx
    .update(repayments)
    .set({ status: 'CONFIRMED', principal: applied.principal, interest: applied.interest, penalty: applied.penalty, allocations: applied.allocations, entryId: posted.entryId, refNo: posted.refNo, repayDate: today, confirmedBy: operator.id, confirmedAt: new Date() })
    .where(eq(repayments.id, repayment.id));
  return { before: { status: 'PENDING' }, after: { status: 'CONFIRMED', principal: applied.principal, interest: applied.interest, penalty: applied.penalty, financingStatus: applied.status } };
}

export async function rejectVoucher(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const { repayment, financing } = await lockVoucher(tx, task);
  await tx.update(repayments).set({ status: 'REJECTED', reviewNote: reason, confirmedBy: operator.id, confirmedAt: new Date() }).where(eq(repayments.id, repayment.id));
  await recordEvent(tx, financing.id, { id: operator.id, name: operator.name }, '线下还款凭证驳回', reason);
  return { before: { status: 'PENDING' }, after: { status: 'REJECTED' } };
}

export async function repaymentsOf(db: Db, financingIds: number[]) {
  if (!financingIds.length) return [];
  return db.select().from(repayments).where(inArray(repayments.financingId, financingIds)).orderBy(asc(repayments.id));
}
