import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { formatYuan, maskBankAccount, targetedPaymentEntry, type Cents, type JournalDraft } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { controlledTranches, targetedPayments } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { rule, postEntry } from '../../ledger/index.ts';
import { activePayee } from '../queries/payees.ts';

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
