import { controlledReleaseEntry, disbursementEntry, formatYuan, repaymentEntry, type Cents } from '@factoring/domain';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { controlledTranches } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { postEntry, rule, type PostedEntry } from '../ledger/index.ts';

/**
 * A loan's controlled proceeds (issue 24): the tranche its disbursement opens, the repayments only its own
 * tranches may make, and the release of what is left when it settles. Each posts through the ledger in the
 * caller's transaction and keeps the tranches — the funds area's table (issue 35) — in step with it.
 */

/**
 * A disbursement into the enterprise's controlled funds: the factor's receivable principal grows, a
 * controlled tranche is opened. The money can leave only by targeted payment to a whitelisted payee.
 */
export async function postControlledDisbursement(
  tx: Tx,
  p: { enterpriseId: number; amount: Cents; sourceRef: string; createdBy?: number | null },
): Promise<PostedEntry & { trancheId: number }> {
  const entry = await postEntry(
    tx,
    rule(() => disbursementEntry({ enterpriseId: p.enterpriseId, amount: p.amount, sourceRef: p.sourceRef, controlled: true })),
    { createdBy: p.createdBy },
  );
  const [tranche] = await tx
    .insert(controlledTranches)
    .values({ enterpriseId: p.enterpriseId, sourceRef: p.sourceRef, amount: p.amount, entryId: entry.entryId })
    .returning({ id: controlledTranches.id });
  return { ...entry, trancheId: tranche.id };
}

/**
 * The controlled tranches a loan's proceeds opened — its number, or its number and a tranche suffix
 * (an order loan's drawings, `RZ…-1`) — that still hold money, oldest first, locked. Another
 * enterprise's tranches and another loan's never match.
 */
async function lockLoanTranches(tx: Tx, enterpriseId: number, loanRef: string) {
  return tx
    .select()
    .from(controlledTranches)
    .where(
      and(
        eq(controlledTranches.enterpriseId, enterpriseId),
        or(eq(controlledTranches.sourceRef, loanRef), sql`left(${controlledTranches.sourceRef}, ${loanRef.length + 1}) = ${`${loanRef}-`}`),
        gt(controlledTranches.amount, controlledTranches.paid),
      ),
    )
    .orderBy(asc(controlledTranches.id))
    .for('update');
}

/** What is left of one loan's controlled proceeds (unlocked: a display figure; paying from it locks). */
export async function controlledOfLoan(db: Db | Tx, enterpriseId: number, loanRef: string): Promise<number> {
  const [row] = await db
    .select({ left: sql<string>`coalesce(sum(${controlledTranches.amount} - ${controlledTranches.paid}), 0)` })
    .from(controlledTranches)
    .where(
      and(
        eq(controlledTranches.enterpriseId, enterpriseId),
        or(eq(controlledTranches.sourceRef, loanRef), sql`left(${controlledTranches.sourceRef}, ${loanRef.length + 1}) = ${`${loanRef}-`}`),
      ),
    );
  return Number(row?.left ?? 0);
}

/** Books `amount` as used on the locked tranches, oldest first (the caller has checked they cover it). */
async function useTranches(tx: Tx, tranches: { id: number; amount: number; paid: number }[], amount: number) {
  let left = amount;
  for (const t of tranches) {
    if (left === 0) break;
    const take = Math.min(left, t.amount - t.paid);
    if (take <= 0) continue;
    await tx
      .update(controlledTranches)
      .set({ paid: sql`${controlledTranches.paid} + ${take}` })
      .where(eq(controlledTranches.id, t.id));
    left -= take;
  }
}

/**
 * A repayment of a loan from that loan's own controlled proceeds (issue 24): only the tranches the loan
 * opened may pay it, oldest first; refused with the amount left when they do not cover it. The lines
 * leave the controlled part (bucket CONTROLLED, typed 归还本金 / 支付利息 / 支付罚息, memo the loan number).
 */
export async function postControlledRepayment(
  tx: Tx,
  p: { enterpriseId: number; principal: Cents; interest: Cents; penalty: Cents; sourceRef: string; createdBy?: number | null },
): Promise<PostedEntry> {
  const tranches = await lockLoanTranches(tx, p.enterpriseId, p.sourceRef);
  const left = tranches.reduce((s, t) => s + (t.amount - t.paid), 0);
  const total = p.principal + p.interest + p.penalty;
  if (total > left) {
    throw new BusinessError(
      `本笔融资的受控资金余额不足：剩余 ¥${formatYuan(left)}，本次还款 ¥${formatYuan(total)}`,
      'CONTROLLED_FUNDS_INSUFFICIENT',
    );
  }
  const entry = await postEntry(
    tx,
    rule(() => repaymentEntry({ ...p, from: 'CONTROLLED' })),
    { createdBy: p.createdBy },
  );
  await useTranches(tx, tranches, total);
  return entry;
}

/**
 * A settled loan's controlled proceeds go back to the enterprise's free funds (issue 24, PRODUCT §5/§6):
 * in the settling transaction, what is left of every tranche the loan opened is posted from the
 * controlled part to the available part (受控资金释放) and the tranche is used up. Nothing left, nothing
 * posted — so calling it twice moves nothing twice. Answers the posting, or null.
 */
export async function releaseControlledFunds(
  tx: Tx,
  p: { enterpriseId: number; loanRef: string; createdBy?: number | null },
): Promise<(PostedEntry & { amount: number }) | null> {
  const tranches = await lockLoanTranches(tx, p.enterpriseId, p.loanRef);
  if (!tranches.length) return null;
  const parts = tranches.map((t) => ({ sourceRef: t.sourceRef, amount: (t.amount - t.paid) as Cents }));
  const entry = await postEntry(
    tx,
    rule(() => controlledReleaseEntry({ enterpriseId: p.enterpriseId, loanRef: p.loanRef, tranches: parts })),
    { createdBy: p.createdBy },
  );
  const amount = parts.reduce((s, t) => s + t.amount, 0);
  await useTranches(tx, tranches, amount);
  return { ...entry, amount };
}
