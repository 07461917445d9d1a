import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { maskBankAccount, type Cents } from '@factoring/domain';
import type { Db, Tx } from '../../../db/client.ts';
import { controlledTranches, payees, targetedPayments } from '../../../db/schema/index.ts';
import { ownedBy, ownedBySql, type EnterpriseScope } from '../../../lib/scope.ts';
import { journalLineDirectory, refNoOf, virtualAccountBalance } from '../../ledger/index.ts';
import { controlledOfLoan } from '../loan-tranches.ts';

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
 * What left each source's tranches other than by targeted payment (issue 24): repayments of the loan
 * they came from and the release at its settlement — the controlled lines whose memo is the source.
 */
async function otherUsesBySource(db: Db, scope: EnterpriseScope, sourceRefs: string[]) {
  const rows = sourceRefs.length
    ? ((
        (await db.execute(sql`
          select memo, flow_type = 'CONTROLLED_RELEASE' as released, sum(amount)::bigint as amount
          from ${journalLineDirectory}
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
