// Financed once (issue 36, PRODUCT §13): the one table of receivables held by financings, written by every
// product inside its financing's own transaction. A claim takes a transaction-scoped lock on the
// receivable's anchor (the order it is or bills, else itself), reads what is live for its keys, refuses
// with the reason in Chinese, and inserts under the unique index of live keys — so two racing
// applications for one invoice, one order, or an order and its invoice cannot both win, on any engine.
import {
  financedAssetLifecycle,
  formatYuan,
  invoiceKeyOf,
  invoiceLabel,
  orderKeyOf,
  type FinancedAssetStatus,
  type IsoDate,
} from '@factoring/domain';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sqlState } from '../../db/transaction.ts';
import { financedAssets } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { chinaToday, now } from '../../lib/clock.ts';
import { transition } from '../../lib/transition.ts';
import { partyKeysOf } from './keys.ts';
import { markDueToCancel } from './registry/filings.ts';
import { retireNotices } from './notices/retire.ts';

export type FinancedAsset = typeof financedAssets.$inferSelect;

/** The financing that holds receivables: its lending line (a `LoanPosition.product` code), id, number and borrower. */
export interface Holder {
  product: string;
  financingId: number;
  financingNo: string;
  enterpriseId: number;
}

/** A receivable a financing is about to hold: an invoice (with the order it bills, if any) or an order. */
export type ReceivableClaim =
  | {
      kind: 'INVOICE';
      sellerId: number;
      buyerId: number;
      invoiceCode: string;
      invoiceNumber: string;
      issueDate: IsoDate;
      amount: number;
      orderNo?: string | null;
      /** When the buyer must pay it (issue 36: what its debtor confirms). */
      dueDate?: IsoDate | null;
      /** What the bureau's credit notes already took off it (issue 36, `eligibleInvoices`): the financing holds the rest. */
      credited?: number;
    }
  | { kind: 'ORDER'; sellerId: number; buyerId: number; orderNo: string; amount: number };

/** The refusal code of a receivable already financed (the web acts on it, never on the words). */
export const RECEIVABLE_FINANCED = 'RECEIVABLE_FINANCED';

const LIVE = ne(financedAssets.status, 'RELEASED');

interface Keyed {
  claim: ReceivableClaim;
  assetKey: string;
  orderKey: string | null;
  label: string;
  sellerKey: string;
  buyerKey: string;
}

async function keyed(db: Db | Tx, claims: readonly ReceivableClaim[]): Promise<Keyed[]> {
  const parties = await partyKeysOf(
    db,
    claims.flatMap((c) => [c.sellerId, c.buyerId]),
  );
  return claims.map((claim) => {
    const sellerKey = parties.get(claim.sellerId)!;
    const buyerKey = parties.get(claim.buyerId)!;
    const orderKey = claim.orderNo?.trim() ? orderKeyOf({ buyerKey, sellerKey, orderNo: claim.orderNo }) : null;
    if (claim.kind === 'ORDER') return { claim, assetKey: orderKey!, orderKey, label: `订单 ${claim.orderNo.trim()}`, sellerKey, buyerKey };
    return {
      claim,
      assetKey: invoiceKeyOf({ sellerKey, invoiceCode: claim.invoiceCode, invoiceNumber: claim.invoiceNumber }),
      orderKey,
      label: `发票 ${invoiceLabel(claim.invoiceCode, claim.invoiceNumber)}`,
      sellerKey,
      buyerKey,
    };
  });
}

const STATE_WORDS: Record<FinancedAssetStatus, string> = {
  HELD: '已在融资申请中',
  FUNDED: '已融资放款',
  SETTLED: '已融资并结清',
  RELEASED: '',
};

/** Who holds it, as the refused applicant may read it: its own financing by number, another enterprise's without. */
const heldBy = (row: FinancedAsset, viewer: number | null) =>
  viewer === row.enterpriseId ? `（融资编号 ${row.financingNo}）` : '（由其他企业融资）';

/** Why `k` may not be held while `row` is live, or null when both may be (two invoices of one order). */
function conflictOf(k: Pick<Keyed, 'assetKey' | 'orderKey' | 'label' | 'claim'>, row: FinancedAsset, viewer: number | null): string | null {
  const state = STATE_WORDS[row.status];
  const settled = row.status === 'SETTLED' ? '；已结清的应收账款不能再次融资' : '';
  if (row.assetKey === k.assetKey) return `${k.label} ${state}${heldBy(row, viewer)}，同一应收账款只能融资一次${settled}`;
  if (k.claim.kind === 'ORDER' && row.kind === 'INVOICE' && row.orderKey === k.assetKey)
    return `${k.label} 的${row.label} ${state}${heldBy(row, viewer)}，订单与其发票只能融资一次，该订单不能再申请订单融资${settled}`;
  if (k.claim.kind === 'INVOICE' && row.kind === 'ORDER' && k.orderKey && row.assetKey === k.orderKey)
    return `${k.label} 所属的${row.label} ${state}${heldBy(row, viewer)}，订单与其发票只能融资一次，该发票不能再融资${settled}`;
  return null;
}

/** The live rows that may conflict with any of `keys`: the same receivable, or an order and an invoice of it. */
async function liveAround(db: Db | Tx, keys: readonly Pick<Keyed, 'assetKey' | 'orderKey'>[]) {
  const assetKeys = keys.map((k) => k.assetKey);
  const orderKeys = keys.flatMap((k) => (k.orderKey ? [k.orderKey] : []));
  if (!assetKeys.length) return [];
  const around = orderKeys.length
    ? or(inArray(financedAssets.assetKey, [...assetKeys, ...orderKeys]), inArray(financedAssets.orderKey, orderKeys))
    : inArray(financedAssets.assetKey, assetKeys);
  return db.select().from(financedAssets).where(and(LIVE, around)).orderBy(asc(financedAssets.id));
}

/**
 * A financing takes its receivables, inside the financing's own transaction: refused with the reason
 * (code RECEIVABLE_FINANCED) when any of them — or its order, or an invoice of it — is held by a live or
 * settled financing of any enterprise, platform or product; nothing is written then, and the caller's
 * transaction rolls back whatever it booked before.
 */
export async function claimReceivables(tx: Tx, holder: Holder, claims: readonly ReceivableClaim[]): Promise<FinancedAsset[]> {
  if (!claims.length) return [];
  const keys = await keyed(tx, claims);
  // One lock per anchor, in one order: an order and its invoices share the order's anchor.
  const anchors = [...new Set(keys.map((k) => k.orderKey ?? k.assetKey))].sort();
  for (const anchor of anchors) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receivable:${anchor}`}))`);
  const seen = new Set<string>();
  for (const k of keys) {
    if (seen.has(k.assetKey)) throw new BusinessError(`${k.label} 在本次申请中重复，同一应收账款只能融资一次`, RECEIVABLE_FINANCED);
    seen.add(k.assetKey);
  }
  for (const row of await liveAround(tx, keys))
    for (const k of keys) {
      const problem = conflictOf(k, row, holder.enterpriseId);
      if (problem) throw new BusinessError(problem, RECEIVABLE_FINANCED);
    }
  // An order and an invoice of it in the same application are one receivable twice.
  for (const k of keys)
    for (const other of keys)
      if (k.claim.kind === 'INVOICE' && other.claim.kind === 'ORDER' && k.orderKey === other.assetKey)
        throw new BusinessError(`${k.label} 所属的${other.label} 在本次申请中重复，订单与其发票只能融资一次`, RECEIVABLE_FINANCED);
  try {
    return await tx
      .insert(financedAssets)
      .values(
        keys.map((k) => ({
          kind: k.claim.kind,
          assetKey: k.assetKey,
          orderKey: k.orderKey,
          label: k.label,
          sellerKey: k.sellerKey,
          buyerKey: k.buyerKey,
          invoiceCode: k.claim.kind === 'INVOICE' ? k.claim.invoiceCode : null,
          invoiceNumber: k.claim.kind === 'INVOICE' ? k.claim.invoiceNumber : null,
          issueDate: k.claim.kind === 'INVOICE' ? k.claim.issueDate : null,
          amount: k.claim.amount,
          credited: k.claim.kind === 'INVOICE' ? (k.claim.credited ?? 0) : 0,
          debtorEnterpriseId: k.claim.buyerId,
          dueDate: k.claim.kind === 'INVOICE' ? (k.claim.dueDate ?? null) : null,
          enterpriseId: holder.enterpriseId,
          product: holder.product,
          financingId: holder.financingId,
          financingNo: holder.financingNo,
        })),
      )
      .returning();
  } catch (err) {
    // The unique index of live keys: a claim that raced past the anchor's lock (another anchor for the same key).
    if (sqlState(err) === '23505')
      throw new BusinessError('该应收账款刚刚已被其他融资申请占用，同一应收账款只能融资一次', RECEIVABLE_FINANCED);
    throw err;
  }
}

/** The receivables of a financing in one status, locked. */
async function heldOf(tx: Tx, product: string, financingId: number, status: FinancedAssetStatus) {
  return tx
    .select()
    .from(financedAssets)
    .where(and(eq(financedAssets.product, product), eq(financedAssets.financingId, financingId), eq(financedAssets.status, status)))
    .orderBy(asc(financedAssets.id))
    .for('update');
}

/** An application ended before any money went out (rejected, cancelled): its receivables may be financed again. */
export async function releaseReceivables(tx: Tx, holder: Pick<Holder, 'product' | 'financingId'>, note: string) {
  for (const row of await heldOf(tx, holder.product, holder.financingId, 'HELD'))
    await transition(tx, financedAssets, financedAssetLifecycle, row, 'RELEASED', { endedAt: now(), endNote: note });
  // Issue 36: nothing went out and nothing is assigned any more: its registration (中登网) is due to be cancelled.
  await markDueToCancel(tx, holder, `融资终止（${note}），应收账款不再转让`, chinaToday());
  // Issue 36: a notice the debtor never had is void; one it had is released, and a release notice goes out.
  await retireNotices(tx, holder, '终止');
}

/** Money went out against the financing: its receivables are funded, checked with the tax bureau weekly until `maturesOn`. */
export async function fundReceivables(tx: Tx, holder: Pick<Holder, 'product' | 'financingId'>, maturesOn: IsoDate) {
  for (const row of await heldOf(tx, holder.product, holder.financingId, 'HELD'))
    await transition(tx, financedAssets, financedAssetLifecycle, row, 'FUNDED', { fundedAt: now(), maturesOn });
  // A later drawdown of an order loan may mature later.
  await tx
    .update(financedAssets)
    .set({ maturesOn: sql`greatest(${financedAssets.maturesOn}, ${maturesOn}::date)` })
    .where(
      and(
        eq(financedAssets.product, holder.product),
        eq(financedAssets.financingId, holder.financingId),
        eq(financedAssets.status, 'FUNDED'),
      ),
    );
}

/** The financing is repaid: its receivables are settled, and never financed again. */
export async function settleReceivables(tx: Tx, holder: Pick<Holder, 'product' | 'financingId'>, note = '融资已结清') {
  for (const row of await heldOf(tx, holder.product, holder.financingId, 'FUNDED'))
    await transition(tx, financedAssets, financedAssetLifecycle, row, 'SETTLED', { endedAt: now(), endNote: note });
  // Issue 36: settled (or bought back): its registration (中登网) is due to be cancelled (注销) at the close of business.
  await markDueToCancel(tx, holder, note, chinaToday());
  // Issue 36: the debtor was told of the assignment: a release notice (解除转让通知) goes out.
  await retireNotices(tx, holder, '结清');
}

/**
 * Why each invoice may not be financed because of what other financings hold (the invoice itself, its
 * order, or an invoice of an order), for the lists: natural key → reason. An invoice held by its own
 * financing (`ownFinancing`) is not blocked by that.
 */
export async function financeBlocks(
  db: Db,
  viewer: number,
  items: readonly { invoiceKey: string; orderKey: string | null; held?: { product: string; financingId: number } | null }[],
): Promise<Map<string, string>> {
  const blocks = new Map<string, string>();
  if (!items.length) return blocks;
  const rows = await liveAround(
    db,
    items.map((i) => ({ assetKey: i.invoiceKey, orderKey: i.orderKey })),
  );
  for (const i of items)
    for (const row of rows) {
      if (i.held && row.product === i.held.product && row.financingId === i.held.financingId) continue;
      const problem = conflictOf(
        { assetKey: i.invoiceKey, orderKey: i.orderKey, label: '该发票', claim: { kind: 'INVOICE' } as ReceivableClaim },
        row,
        viewer,
      );
      if (problem && !blocks.has(i.invoiceKey)) blocks.set(i.invoiceKey, problem);
    }
  return blocks;
}

/** Which orders (natural keys) are held by a live or settled financing, themselves or through an invoice of them. */
export async function heldOrders(db: Db | Tx, orderKeys: readonly string[]): Promise<Set<string>> {
  if (!orderKeys.length) return new Set();
  const rows = await db
    .select({ assetKey: financedAssets.assetKey, orderKey: financedAssets.orderKey })
    .from(financedAssets)
    .where(and(LIVE, or(inArray(financedAssets.assetKey, [...orderKeys]), inArray(financedAssets.orderKey, [...orderKeys]))));
  return new Set(rows.flatMap((r) => [r.assetKey, r.orderKey ?? '']).filter((k) => orderKeys.includes(k)));
}

export const assetWords = (row: FinancedAsset) =>
  `${row.label}（${formatYuan(row.amount)} 元，${financedAssetLifecycle.label(row.status)}）`;

/**
 * What still stands of each financing's receivables (issue 36), by financing id: Σ amount − credited over every
 * receivable it held (released ones aside), so a credit note found after funding lowers what the debtor owes; an
 * invoice the bureau reported void or reversed (红冲) after funding (a dilution) stands at nothing — the debtor no
 * longer owes it. A financing that holds none here is absent (the caller keeps its own figure).
 */
export async function standingOf(db: Db | Tx, product: string, financingIds: readonly number[]): Promise<Map<number, number>> {
  if (!financingIds.length) return new Map();
  const rows = await db
    .select({
      financingId: financedAssets.financingId,
      // The subquery names its tables itself: drizzle writes a selected column unqualified, and `id` there would be the dilution's.
      standing: sql<number>`sum(case when exists (
          select 1 from dilutions d where d.asset_id = financed_assets.id and d.outcome in ('VOID', 'REVERSED')
        ) then 0 else ${financedAssets.amount} - ${financedAssets.credited} end)::bigint`.mapWith(Number),
    })
    .from(financedAssets)
    .where(and(eq(financedAssets.product, product), inArray(financedAssets.financingId, [...financingIds]), LIVE))
    .groupBy(financedAssets.financingId);
  return new Map(rows.map((r) => [r.financingId, r.standing]));
}
