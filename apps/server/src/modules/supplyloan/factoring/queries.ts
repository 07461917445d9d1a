import { addDays, type IsoDate } from '@factoring/domain';
import { COLLECTION_KIND_LABELS, COLLECTION_STATE_LABELS, type CollectionState } from '@factoring/domain/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { factoringCollections, financingInvoices, financings, financingTranches } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { enterpriseDirectoryAs } from '../../account/index.ts';
import { taskDirectory } from '../../bpm/index.ts';
import { FACTOR_NAME, platformDirectory } from '../../financing/index.ts';
import { standingOf } from '../../receivables/index.ts';
import { readSiteConfig } from '../../system/index.ts';
import { openTranches, openTranchesOf, quoteOf } from '../queries/quote.ts';
import type { Financing } from '../store.ts';
import { noticeNumberOf } from './collection-source.ts';
import { collectionPreview } from './preview.ts';
import { BUYBACK_TASK } from './shortfall-step.ts';

type Collection = typeof factoringCollections.$inferSelect;
type Tranche = typeof financingTranches.$inferSelect;

const supplier = enterpriseDirectoryAs('factoring_supplier');
const debtor = enterpriseDirectoryAs('factoring_debtor');
const LIVE = ['DISBURSED', 'REPAYING'] as const;
const PAID_BY_DEBTOR = new Set(['DEBTOR', 'MISDIRECTED']);

const rowOf = (c: Collection) => ({
  id: c.id,
  kind: c.kind,
  kindLabel: COLLECTION_KIND_LABELS[c.kind],
  amount: c.amount,
  principal: c.principal,
  interest: c.interest,
  penalty: c.penalty,
  rebate: c.rebate,
  interestRefund: c.interestRefund,
  payerName: c.payerName,
  reference: c.reference,
  refNo: c.refNo,
  collectedOn: c.collectedOn,
  createdAt: c.createdAt,
});

/** Where a factored financing stands with its collection on `today` (the words every page shows). */
export function collectionState(
  f: Pick<Financing, 'status' | 'dueDate'>,
  rows: readonly Collection[],
  p: { recourse: boolean; graceDays: number },
  today: IsoDate,
): CollectionState {
  const kinds = new Set(rows.map((r) => r.kind));
  if (kinds.has('WRITE_OFF')) return 'WRITTEN_OFF';
  if (f.status === 'SETTLED')
    return kinds.has('BUYBACK') ? 'BOUGHT_BACK' : kinds.has('DEBTOR') || kinds.has('MISDIRECTED') ? 'COLLECTED' : 'SETTLED';
  if (today > addDays(f.dueDate, p.graceDays)) return p.recourse ? 'BUYBACK_DUE' : 'WRITE_OFF_DUE';
  if (today > f.dueDate) return 'IN_GRACE';
  return kinds.has('DEBTOR') || kinds.has('MISDIRECTED') ? 'PARTLY_COLLECTED' : 'AWAITING';
}

/**
 * Settlement = collected − advanced − interest − fees − penalty (issue 36): over the money that came in for the
 * financing (the debtor's, forwarded, bought back), what the supplier was advanced (net of the charges kept), the
 * interest (kept upfront and collected, less the unused days given back) and the fees; what is left is the rebate.
 */
export function settlementOf(f: Pick<Financing, 'interestMode'>, tranches: readonly Tranche[], rows: readonly Collection[]) {
  const paidOut = tranches.filter((t) => t.status === 'DISBURSED' || t.status === 'SETTLED');
  const came = rows.filter((r) => r.kind !== 'WRITE_OFF');
  const sum = <T>(xs: readonly T[], k: (x: T) => number) => xs.reduce((s, x) => s + k(x), 0);
  const upfront = f.interestMode === 'UPFRONT' ? sum(paidOut, (t) => t.interest) : 0;
  return {
    collected: sum(came, (r) => r.amount),
    advanced: sum(paidOut, (t) => t.netAmount),
    interest: upfront + sum(came, (r) => r.interest) - sum(came, (r) => r.interestRefund),
    fees: sum(paidOut, (t) => t.serviceFee),
    penalty: sum(came, (r) => r.penalty),
    rebate: sum(came, (r) => r.rebate + r.interestRefund),
    writtenOff: sum(
      rows.filter((r) => r.kind === 'WRITE_OFF'),
      (r) => r.principal,
    ),
  };
}

/**
 * What the debtor owes on each financing (issue 36): what still stands of its invoices — their amounts less every
 * credit note (红字发票) the bureau reported, before the financing (its invoice amounts) and after (a partial
 * dilution) — read from the receivables it holds; its financed invoice amounts where it holds none there.
 */
async function receivablesOf(db: Db, ids: readonly number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ financingId: financingInvoices.financingId, total: sql<number>`sum(${financingInvoices.amount})::bigint`.mapWith(Number) })
    .from(financingInvoices)
    .where(inArray(financingInvoices.financingId, [...ids]))
    .groupBy(financingInvoices.financingId);
  const standing = await standingOf(db, 'INVOICE', ids);
  return new Map(rows.map((r) => [r.financingId, standing.get(r.financingId) ?? r.total]));
}

async function collectionsOf(db: Db, ids: readonly number[]) {
  const by = new Map<number, Collection[]>();
  if (!ids.length) return by;
  const rows = await db
    .select()
    .from(factoringCollections)
    .where(inArray(factoringCollections.financingId, [...ids]))
    .orderBy(asc(factoringCollections.id));
  for (const r of rows) by.set(r.financingId, [...(by.get(r.financingId) ?? []), r]);
  return by;
}

/** The supplier's view of one of its invoice financings: recourse, what came in, the settlement, the state. */
export async function financingCollection(db: Db, scope: EnterpriseScope, financingId: number, today: IsoDate) {
  const [row] = await db
    .select({
      f: financings,
      recourse: platformDirectory.recourse,
      graceDays: platformDirectory.collectionGraceDays,
      debtorName: debtor.name,
    })
    .from(financings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
    .innerJoin(debtor, eq(debtor.id, platformDirectory.coreEnterpriseId))
    .where(and(eq(financings.id, financingId), eq(financings.enterpriseId, scope.enterpriseId), eq(financings.kind, 'INVOICE')));
  if (!row) throw new NotFoundError('融资记录不存在');
  const { f, recourse, graceDays } = row;
  const tranches = await db
    .select()
    .from(financingTranches)
    .where(eq(financingTranches.financingId, f.id))
    .orderBy(asc(financingTranches.seq));
  const rows = (await collectionsOf(db, [f.id])).get(f.id) ?? [];
  const receivable = (await receivablesOf(db, [f.id])).get(f.id) ?? 0;
  const live = (LIVE as readonly string[]).includes(f.status);
  const open = live ? await openTranches(db, f.id, false) : [];
  const paidByDebtor = rows.filter((r) => PAID_BY_DEBTOR.has(r.kind)).reduce((s, r) => s + r.amount, 0);
  const state = collectionState(f, rows, { recourse, graceDays }, today);
  return {
    financingId: f.id,
    financingNo: f.financingNo,
    recourse,
    recourseLabel: recourse ? '有追索权' : '无追索权',
    graceDays,
    dueDate: f.dueDate,
    collectBy: addDays(f.dueDate, graceDays),
    debtorName: row.debtorName,
    receivable,
    owedToday: live ? quoteOf(f, open, today).total : 0,
    state,
    stateLabel: COLLECTION_STATE_LABELS[state],
    preview: live && receivable > paidByDebtor ? collectionPreview(f, open, receivable - paidByDebtor, today) : null,
    collections: rows.map(rowOf),
    settlement: settlementOf(f, tranches, rows),
  };
}

/**
 * The debtor's view (its enterprise the platform's core enterprise): each live factored receivable it owes, to
 * whom (the factor's collection account on a disclosed platform — the notice named it — else its creditor), what
 * it paid and what is left to pay.
 */
export async function debtorOwed(db: Db, scope: EnterpriseScope, today: IsoDate) {
  const rows = await db
    .select({
      f: financings,
      creditorName: supplier.name,
      recourse: platformDirectory.recourse,
      graceDays: platformDirectory.collectionGraceDays,
      noticeMode: platformDirectory.noticeMode,
      account: platformDirectory.repaymentAccount,
    })
    .from(financings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
    .innerJoin(supplier, eq(supplier.id, financings.enterpriseId))
    .where(
      and(
        eq(platformDirectory.coreEnterpriseId, scope.enterpriseId),
        eq(financings.kind, 'INVOICE'),
        inArray(financings.status, [...LIVE]),
      ),
    )
    .orderBy(asc(financings.dueDate), asc(financings.id));
  const ids = rows.map((r) => r.f.id);
  const [receivables, collections, site] = await Promise.all([receivablesOf(db, ids), collectionsOf(db, ids), readSiteConfig(db)]);
  return rows.map(({ f, creditorName, recourse, graceDays, noticeMode, account }) => {
    const done = collections.get(f.id) ?? [];
    const receivable = receivables.get(f.id) ?? 0;
    const paid = done.filter((r) => PAID_BY_DEBTOR.has(r.kind)).reduce((s, r) => s + r.amount, 0);
    const to = account ?? site.factoringAccount;
    const state = collectionState(f, done, { recourse, graceDays }, today);
    return {
      financingId: f.id,
      financingNo: f.financingNo,
      creditorName,
      receivable,
      paid,
      stillToPay: Math.max(0, receivable - paid),
      dueDate: f.dueDate,
      payTo:
        noticeMode === 'DISCLOSED'
          ? `${FACTOR_NAME}收款账户：${to.accountName}，${to.bankBranchName}，${to.accountNo}`
          : `原债权人：${creditorName}（暗保理，收到转让通知后改付保理商）`,
      reference: noticeNumberOf(f.financingNo),
      state,
      stateLabel: COLLECTION_STATE_LABELS[state],
    };
  });
}

/** The operator's desk: invoice financings past maturity (in grace, to buy back, to write off), and the latest money. */
export async function factoringDesk(db: Db, today: IsoDate) {
  const late = await db
    .select({
      f: financings,
      supplierName: supplier.name,
      debtorName: debtor.name,
      recourse: platformDirectory.recourse,
      graceDays: platformDirectory.collectionGraceDays,
    })
    .from(financings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
    .innerJoin(supplier, eq(supplier.id, financings.enterpriseId))
    .innerJoin(debtor, eq(debtor.id, platformDirectory.coreEnterpriseId))
    .where(and(eq(financings.kind, 'INVOICE'), inArray(financings.status, [...LIVE]), sql`${financings.dueDate} < ${today}::date`))
    .orderBy(asc(financings.dueDate), asc(financings.id));
  const ids = late.map((l) => l.f.id);
  const [receivables, collections, tranches] = await Promise.all([receivablesOf(db, ids), collectionsOf(db, ids), openTranchesOf(db, ids)]);
  const tasks = ids.length
    ? await db
        .select({ id: taskDirectory.id, refId: taskDirectory.refId })
        .from(taskDirectory)
        .where(and(eq(taskDirectory.type, BUYBACK_TASK), eq(taskDirectory.state, 'PENDING'), inArray(taskDirectory.refId, ids.map(String))))
    : [];
  const latest = await db
    .select({ c: factoringCollections, financingNo: financings.financingNo, supplierName: supplier.name })
    .from(factoringCollections)
    .innerJoin(financings, eq(financings.id, factoringCollections.financingId))
    .innerJoin(supplier, eq(supplier.id, financings.enterpriseId))
    .orderBy(desc(factoringCollections.id))
    .limit(100);
  return {
    shortfalls: late.map(({ f, supplierName, debtorName, recourse, graceDays }) => {
      const state = collectionState(f, collections.get(f.id) ?? [], { recourse, graceDays }, today);
      return {
        financingId: f.id,
        financingNo: f.financingNo,
        supplierName,
        debtorName,
        recourse,
        dueDate: f.dueDate,
        collectBy: addDays(f.dueDate, graceDays),
        receivable: receivables.get(f.id) ?? 0,
        owedToday: quoteOf(f, tranches.get(f.id) ?? [], today).total,
        state,
        stateLabel: COLLECTION_STATE_LABELS[state],
        buybackTaskId: tasks.find((t) => t.refId === String(f.id))?.id ?? null,
      };
    }),
    collections: latest.map(({ c, financingNo, supplierName }) => ({ ...rowOf(c), financingId: c.financingId, financingNo, supplierName })),
  };
}
