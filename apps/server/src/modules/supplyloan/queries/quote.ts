import { dueDateOf, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { financings, financingTranches } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { virtualAccountBalance } from '../../ledger/index.ts';
import { readSiteConfig } from '../../system/index.ts';
import { owedOn, unusedPrepaidInterest, type Owed, type TrancheState } from '../pricing.ts';
import { OFFLINE_VOUCHER, platformOf, type Financing } from '../store.ts';
import { pendingTransferVoucher } from '../../financing/index.ts';
import { trancheOverdue } from '../overdue.ts';

export type Tranche = typeof financingTranches.$inferSelect;

/**
 * What pricing needs of a disbursed tranche: its figures with the financing's rates (its own rate once an
 * extension re-priced it). Upfront mode prepaid the tranche's term at the financing's rate (the trial's).
 */
export const stateOf = (f: Pick<Financing, 'annualRatePpm' | 'penaltyMultiplierPpm' | 'interestMode'>, t: Tranche): TrancheState => ({
  outstanding: t.outstanding,
  annualRatePpm: t.annualRatePpm ?? f.annualRatePpm,
  penaltyMultiplierPpm: f.penaltyMultiplierPpm,
  interestMode: f.interestMode,
  dueDate: t.dueDate!,
  interestFrom: t.interestFrom,
  interestUnpaid: t.interestUnpaid,
  penaltyFrom: t.penaltyFrom,
  penaltyUnpaid: t.penaltyUnpaid,
  valueDate: t.startDate!,
  prepaid: f.interestMode === 'UPFRONT' ? { until: dueDateOf(t.startDate!, t.termDays), annualRatePpm: f.annualRatePpm } : null,
});

/** Open tranches in repayment order: earliest due first (locked for a payment). */
export async function openTranches(db: Db | Tx, financingId: number, lock: boolean): Promise<Tranche[]> {
  const q = db
    .select()
    .from(financingTranches)
    .where(and(eq(financingTranches.financingId, financingId), eq(financingTranches.status, 'DISBURSED')))
    .orderBy(asc(financingTranches.dueDate), asc(financingTranches.seq));
  return lock ? q.for('update') : q;
}

/** The open tranches of several financings in one read, earliest due first: financing id → its tranches. */
export async function openTranchesOf(db: Db | Tx, financingIds: readonly number[]): Promise<Map<number, Tranche[]>> {
  const byFinancing = new Map<number, Tranche[]>(financingIds.map((id) => [id, []]));
  if (!financingIds.length) return byFinancing;
  const rows = await db
    .select()
    .from(financingTranches)
    .where(and(inArray(financingTranches.financingId, [...financingIds]), eq(financingTranches.status, 'DISBURSED')))
    .orderBy(asc(financingTranches.dueDate), asc(financingTranches.seq));
  for (const t of rows) byFinancing.get(t.financingId)?.push(t);
  return byFinancing;
}

export interface Quote {
  asOf: IsoDate;
  principal: number;
  interest: number;
  penalty: number;
  total: number;
  overdueDays: number;
  /** Upfront interest of the days not used that paying the whole principal today gives back (issue 37 item 10). */
  interestRefund: number;
  tranches: (Owed & {
    trancheId: number;
    seq: number;
    dueDate: string;
    startDate: string | null;
    overdue: boolean;
    interestRefund: number;
  })[];
}

/** What is owed on a day over the given open tranches: the early pay-off quote. */
export function quoteOf(f: Financing, tranches: Tranche[], asOf: IsoDate): Quote {
  const rows = tranches.map((t) => {
    const state = stateOf(f, t);
    return {
      trancheId: t.id,
      seq: t.seq,
      dueDate: t.dueDate!,
      startDate: t.startDate,
      overdue: trancheOverdue(t, asOf),
      ...owedOn(state, asOf),
      interestRefund: unusedPrepaidInterest(state, t.outstanding, asOf),
    };
  });
  const sum = (k: 'principal' | 'interest' | 'penalty' | 'total' | 'interestRefund') => rows.reduce((s, r) => s + r[k], 0);
  return {
    asOf,
    principal: sum('principal'),
    interest: sum('interest'),
    penalty: sum('penalty'),
    total: sum('total'),
    interestRefund: sum('interestRefund'),
    overdueDays: Math.max(0, ...rows.map((r) => r.overdueDays)),
    tranches: rows,
  };
}

/** What the user sees on the repayment page: owed today (the early pay-off quote), the account, the factor's receiving account. */
export async function repaymentQuote(db: Db, scope: EnterpriseScope, financingId: number, today: IsoDate) {
  const [f] = await db
    .select()
    .from(financings)
    .where(and(eq(financings.id, financingId), ownedBy(scope, financings.enterpriseId)));
  if (!f) throw new NotFoundError('融资记录不存在');
  const quote = quoteOf(f, await openTranches(db, f.id, false), today);
  const platform = await platformOf(db, f.platformId);
  const site = await readSiteConfig(db);
  const account = await virtualAccountBalance(db, scope.enterpriseId);
  const pending = await pendingTransferVoucher(db, OFFLINE_VOUCHER.product, f.id, OFFLINE_VOUCHER.purpose);
  return {
    financing: {
      id: f.id,
      financingNo: f.financingNo,
      status: f.status,
      amount: f.amount,
      dueDate: f.dueDate,
      overdue: quote.tranches.some((t) => t.overdue),
      interestMode: f.interestMode,
      annualRatePpm: f.annualRatePpm,
      penaltyMultiplierPpm: f.penaltyMultiplierPpm,
    },
    quote,
    repayable: f.status === 'DISBURSED' || f.status === 'REPAYING',
    available: account?.available ?? 0,
    receivingAccount: platform.repaymentAccount ?? site.factoringAccount,
    pendingVoucher: pending ? { id: pending.id, amount: pending.amount, createdAt: pending.createdAt } : null,
  };
}
