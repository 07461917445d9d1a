import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { formatYuan, maskBankAccount, targetedPaymentEntry, type Cents, type JournalDraft } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import { controlledTranches, payees, targetedPayments } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, ownedBySql, type EnterpriseScope } from '../../lib/scope.ts';
import { rule, postEntry, refNoOf, virtualAccountBalance } from '../ledger/index.ts';
import { controlledOfLoan } from './loan-tranches.ts';
import { activePayee } from './payees.ts';

export interface TargetedPaymentResult {
  kind: 'TARGETED_PAYMENT';
  refNo: string;
  amount: number;
  fee: number;
  total: number;
  payeeName: string;
  payeeAccountNo: string;
  tranches: { trancheId: number; sourceRef: string; amount: number }[];
  createdAt: string;
}

/**
 * The controlled money the enterprise has left, its tranches locked until the caller's transaction ends:
 * a payment decided on this figure cannot race another spending the same tranches.
 */
export async function lockControlledLeft(tx: Tx, scope: EnterpriseScope): Promise<Cents> {
  const tranches = await tx
    .select({ amount: controlledTranches.amount, paid: controlledTranches.paid })
    .from(controlledTranches)
    .where(and(ownedBy(scope, controlledTranches.enterpriseId), gt(controlledTranches.amount, controlledTranches.paid)))
    .orderBy(asc(controlledTranches.id))
    .for('update');
  return tranches.reduce((s, t) => s + (t.amount - t.paid), 0) as Cents;
}

/**
 * A targeted payment: controlled money to an active whitelisted payee. From one tranche when given,
 * otherwise from the oldest tranches first. The tranches are locked (and then the ledger accounts),
 * so two payments can never spend the same controlled money.
 */
export async function payFromControlled(
  tx: Tx,
  scope: EnterpriseScope,
  p: { payeeId: number; amount: Cents; trancheId?: number | null; purpose?: string | null },
): Promise<TargetedPaymentResult> {
  const { enterpriseId, userId } = scope;
  const payee = await activePayee(tx, scope, p.payeeId);
  const tranches = await tx
    .select()
    .from(controlledTranches)
    .where(
      and(
        ownedBy(scope, controlledTranches.enterpriseId),
        p.trancheId ? eq(controlledTranches.id, p.trancheId) : gt(controlledTranches.amount, controlledTranches.paid),
      ),
    )
    .orderBy(asc(controlledTranches.id))
    .for('update');
  if (p.trancheId && !tranches.length) throw new NotFoundError('受控批次不存在');
  const remainingTotal = tranches.reduce((s, t) => s + (t.amount - t.paid), 0);
  if (p.amount > remainingTotal) {
    throw new BusinessError(
      p.trancheId
        ? `该受控批次剩余 ¥${formatYuan(remainingTotal)}，不足支付 ¥${formatYuan(p.amount)}`
        : `受控资金余额不足：剩余 ¥${formatYuan(remainingTotal)}，本次支付 ¥${formatYuan(p.amount)}`,
    );
  }
  const purpose = p.purpose?.trim() || null;
  const parts: { trancheId: number; sourceRef: string; amount: number }[] = [];
  let left = p.amount as number;
  for (const t of tranches) {
    if (left === 0) break;
    const take = Math.min(left, t.amount - t.paid);
    if (take <= 0) continue;
    parts.push({ trancheId: t.id, sourceRef: t.sourceRef, amount: take });
    left -= take;
  }
  // One entry; one controlled line per tranche drawn, so each tranche's use is visible in the ledger.
  const base = rule(() =>
    targetedPaymentEntry({ enterpriseId, amount: p.amount, payee: { name: payee.name, accountNo: payee.accountNo }, memo: purpose }),
  );
  const [controlledLine, bankLine] = base.lines;
  const draft: JournalDraft = {
    ...base,
    lines: [
      ...parts.map((part) => ({
        ...controlledLine,
        amount: part.amount as Cents,
        memo: [purpose, part.sourceRef].filter(Boolean).join(' · '),
      })),
      bankLine,
    ],
  };
  const entry = await postEntry(tx, draft, { createdBy: userId });
  for (const part of parts) {
    await tx
      .update(controlledTranches)
      .set({ paid: sql`${controlledTranches.paid} + ${part.amount}` })
      .where(eq(controlledTranches.id, part.trancheId));
    await tx.insert(targetedPayments).values({
      enterpriseId,
      trancheId: part.trancheId,
      payeeId: payee.id,
      amount: part.amount,
      purpose,
      entryId: entry.entryId,
      createdBy: userId,
    });
  }
  return {
    kind: 'TARGETED_PAYMENT',
    refNo: entry.refNo,
    amount: p.amount,
    fee: 0,
    total: p.amount,
    payeeName: payee.name,
    // Another party's account: masked in every answer (issue 24); the full number is in the payee's own detail.
    payeeAccountNo: maskBankAccount(payee.accountNo),
    tranches: parts,
    createdAt: entry.createdAt.toISOString(),
  };
}

/**
 * What left each source's tranches other than by targeted payment (issue 24): repayments of the loan
 * they came from and the release at its settlement — the controlled lines whose memo is the source.
 */
async function otherUsesBySource(db: Db, scope: EnterpriseScope, sourceRefs: string[]) {
  const rows = sourceRefs.length
    ? ((
        (await db.execute(sql`
          select memo, flow_type = 'CONTROLLED_RELEASE' as released, sum(amount)::bigint as amount
          from journal_lines
          where ${ownedBySql(scope, sql.raw('enterprise_id'))} and bucket = 'CONTROLLED' and side = 'D'
            and flow_type in ('CONTROLLED_RELEASE', 'REPAYMENT_PRINCIPAL', 'REPAYMENT_INTEREST', 'REPAYMENT_PENALTY')
            and memo in (${sql.join(
              sourceRefs.map((r) => sql`${r}`),
              sql`, `,
            )})
          group by 1, 2`)) as unknown as { rows: unknown[] }
      ).rows as { memo: string; released: boolean; amount: string | number }[])
    : [];
  const uses = new Map<string, { repaid: number; released: number }>();
  for (const r of rows) {
    const u = uses.get(r.memo) ?? { repaid: 0, released: 0 };
    if (r.released) u.released += Number(r.amount);
    else u.repaid += Number(r.amount);
    uses.set(r.memo, u);
  }
  return uses;
}

/**
 * The enterprise's controlled tranches, newest first, each with its remaining amount, the payments made
 * from it, what repaid its own loan and what was released to free funds when the loan was settled.
 */
export async function listTranches(db: Db, scope: EnterpriseScope) {
  const tranches = await db
    .select()
    .from(controlledTranches)
    .where(ownedBy(scope, controlledTranches.enterpriseId))
    .orderBy(desc(controlledTranches.id));
  const payments = tranches.length
    ? await db
        .select({ p: targetedPayments, payeeName: payees.name, payeeAccountNo: payees.accountNo })
        .from(targetedPayments)
        .innerJoin(payees, eq(payees.id, targetedPayments.payeeId))
        .where(
          inArray(
            targetedPayments.trancheId,
            tranches.map((t) => t.id),
          ),
        )
        .orderBy(desc(targetedPayments.id))
    : [];
  const uses = await otherUsesBySource(db, scope, [...new Set(tranches.map((t) => t.sourceRef))]);
  // A tranche's `paid` counts every use; what is not a targeted payment is shared out oldest tranche
  // first, repayments before the release (the order in which they are taken).
  const items = [...tranches].reverse().map((t) => {
    const paid = payments.filter((x) => x.p.trancheId === t.id).reduce((s, x) => s + x.p.amount, 0);
    const left = uses.get(t.sourceRef) ?? { repaid: 0, released: 0 };
    const other = Math.max(0, t.paid - paid);
    const repaid = Math.min(other, left.repaid);
    const released = Math.min(other - repaid, left.released);
    left.repaid -= repaid;
    left.released -= released;
    return { t, paid, repaid, released };
  });
  items.reverse();
  const shown = items.map(({ t, paid, repaid, released }) => ({
    id: t.id,
    sourceRef: t.sourceRef,
    amount: t.amount,
    paid,
    repaid,
    released,
    remaining: t.amount - t.paid,
    refNo: refNoOf(t.entryId, t.createdAt),
    createdAt: t.createdAt.toISOString(),
    payments: payments
      .filter((x) => x.p.trancheId === t.id)
      .map(({ p, payeeName, payeeAccountNo }) => ({
        id: p.id,
        amount: p.amount,
        payeeName,
        payeeAccountNo: maskBankAccount(payeeAccountNo),
        purpose: p.purpose,
        refNo: refNoOf(p.entryId, p.createdAt),
        createdAt: p.createdAt.toISOString(),
      })),
  }));
  return {
    items: shown,
    totals: {
      amount: shown.reduce((s, t) => s + t.amount, 0),
      paid: shown.reduce((s, t) => s + t.paid, 0),
      repaid: shown.reduce((s, t) => s + t.repaid, 0),
      released: shown.reduce((s, t) => s + t.released, 0),
      remaining: shown.reduce((s, t) => s + t.remaining, 0),
    },
  };
}

/**
 * What may repay one of the enterprise's loans (issue 24): its free funds, and what is left of the
 * controlled funds that loan disbursed (another loan's controlled funds never count).
 */
export async function loanFunds(db: Db, scope: EnterpriseScope, loanRef: string) {
  const available = (await virtualAccountBalance(db, scope.enterpriseId))?.available ?? 0;
  const controlled = await controlledOfLoan(db, scope.enterpriseId, loanRef);
  return { loanRef, available, controlled };
}
