// The built-in simulated tax bureau (税务局查验 simulator, issue 36): an `InvoiceVerifier` that behaves like
// the real 全国增值税发票查验平台 — it answers from its own books (`tax_bureau_invoices`: the demo world's
// invoices and those issued from purchase/sales orders), finds an invoice by code and number or by a
// 数电票's 20 digits, refuses to say more when the date or amount asked with do not match, reports normal,
// void (作废) or reversed (红冲) — with what its credit notes (红字发票, 部分红冲) took off and what remains —, and answers at most `BUREAU_DAILY_QUOTA` checks of one invoice a day
// (the 6th is refused and not counted). Issuing, voiding and reversing are the bureau's own acts, here
// for the demo world, purchase/sales and tests (an operator's guarded desk, routes.ts).
import {
  bureauInvoiceLifecycle,
  bureauKeyOf,
  BUREAU_DAILY_QUOTA,
  formatYuan,
  invoiceLabel,
  parseInvoiceNumber,
  type BureauInvoiceStatus,
  type Cents,
  type IsoDate,
} from '@factoring/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { taxBureauCreditNotes, taxBureauInvoices, taxBureauQuota, type BureauFacts } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { transition } from '../../lib/transition.ts';
import type { BureauAnswer, InvoiceVerifier } from './verifier.ts';

export type BureauInvoice = typeof taxBureauInvoices.$inferSelect;

const factsOf = (row: BureauInvoice): BureauFacts => ({
  invoiceCode: row.invoiceCode,
  invoiceNumber: row.invoiceNumber,
  issueDate: row.issueDate,
  amount: row.amount,
  taxAmount: row.taxAmount,
  sellerCreditCode: row.sellerCreditCode,
  sellerName: row.sellerName,
  buyerCreditCode: row.buyerCreditCode,
  buyerName: row.buyerName,
  status: row.status,
  statusDate: row.statusDate,
  remark: row.remark,
  credited: row.credited,
  remaining: row.amount - row.credited,
});

/** Counts one check of `key` on `day` unless the day's quota is used up: one statement, so racing checks cannot pass it. */
async function takeQuota(db: Db | Tx, key: string, day: IsoDate): Promise<boolean> {
  const taken = await db
    .insert(taxBureauQuota)
    .values({ bureauKey: key, checkDate: day, used: 1 })
    .onConflictDoUpdate({
      target: [taxBureauQuota.bureauKey, taxBureauQuota.checkDate],
      set: { used: sql`${taxBureauQuota.used} + 1` },
      setWhere: sql`${taxBureauQuota.used} < ${BUREAU_DAILY_QUOTA}`,
    })
    .returning({ used: taxBureauQuota.used });
  return taken.length > 0;
}

export const simulatedTaxBureau: InvoiceVerifier = {
  name: 'simulated-tax-bureau',
  label: '模拟税务局（内置）',
  async verify(query, { db, today }): Promise<BureauAnswer> {
    const key = bureauKeyOf(query.invoiceCode, query.invoiceNumber);
    if (!(await takeQuota(db, key, today)))
      return {
        kind: 'QUOTA_EXCEEDED',
        message: `发票 ${invoiceLabel(query.invoiceCode, query.invoiceNumber)} 今日已查验 ${BUREAU_DAILY_QUOTA} 次，税务局当日不再受理该发票的查验，请明日再试`,
      };
    const [row] = await db.select().from(taxBureauInvoices).where(eq(taxBureauInvoices.bureauKey, key));
    if (!row) return { kind: 'NOT_FOUND' };
    const problems: string[] = [];
    if (row.issueDate !== query.issueDate) problems.push('开票日期与税务局记录不一致');
    if (row.amount !== query.amount) problems.push('价税合计与税务局记录不一致');
    if (problems.length) return { kind: 'MISMATCH', problems };
    return { kind: 'FOUND', facts: factsOf(row) };
  },
};

export interface IssuedInvoice {
  invoiceCode?: string;
  invoiceNumber: string;
  sellerCreditCode: string;
  sellerName: string;
  buyerCreditCode: string;
  buyerName: string;
  issueDate: IsoDate;
  amount: Cents;
  taxAmount: Cents;
  remark?: string;
  /** The purchase/sales order it bills (written into 备注 too). */
  orderNo?: string | null;
}

/** The simulated bureau records an invoice as issued (开具). A number it already holds is refused. */
export async function issueAtBureau(db: Db | Tx, invoice: IssuedInvoice): Promise<BureauInvoice> {
  const parsed = parseInvoiceNumber(invoice.invoiceCode ?? '', invoice.invoiceNumber);
  if (!parsed.ok) throw new BusinessError(parsed.message);
  if (invoice.taxAmount > invoice.amount) throw new BusinessError('税额不能大于价税合计');
  const remark = [invoice.remark?.trim(), invoice.orderNo ? `订单号：${invoice.orderNo}` : ''].filter(Boolean).join('；');
  const [row] = await db
    .insert(taxBureauInvoices)
    .values({
      bureauKey: bureauKeyOf(parsed.code, parsed.number),
      invoiceCode: parsed.code,
      invoiceNumber: parsed.number,
      sellerCreditCode: invoice.sellerCreditCode,
      sellerName: invoice.sellerName,
      buyerCreditCode: invoice.buyerCreditCode,
      buyerName: invoice.buyerName,
      issueDate: invoice.issueDate,
      amount: invoice.amount,
      taxAmount: invoice.taxAmount,
      remark,
      orderNo: invoice.orderNo ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new BusinessError(`税务局已有发票 ${invoiceLabel(parsed.code, parsed.number)}，不能重复开具`);
  return row;
}

/**
 * The next 数电票 number the simulated bureau gives a seller: 2 digits of the year, the tax authority
 * (31: 上海), channel 0, then a 13-digit sequence from the bureau's own count — unique, 20 digits.
 */
export async function nextDigitalInvoiceNumber(db: Db | Tx, issueDate: IsoDate): Promise<string> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(taxBureauInvoices);
  return `${issueDate.slice(2, 4)}310${String(1_000_000 + Number(n) + 1).padStart(15, '0')}`;
}

/** The simulated bureau voids (作废) or reverses (红冲) an invoice it issued; the status never goes back. */
export async function changeBureauStatus(
  tx: Tx,
  input: { invoiceCode?: string; invoiceNumber: string; to: Exclude<BureauInvoiceStatus, 'NORMAL'>; note: string; today: IsoDate },
): Promise<BureauInvoice> {
  const key = bureauKeyOf(input.invoiceCode ?? '', input.invoiceNumber);
  const [row] = await tx.select().from(taxBureauInvoices).where(eq(taxBureauInvoices.bureauKey, key)).for('update');
  if (!row) throw new NotFoundError('模拟税务局没有这张发票');
  if (row.status !== 'NORMAL')
    throw new BusinessError(
      `发票 ${invoiceLabel(row.invoiceCode, row.invoiceNumber)} 已${bureauInvoiceLifecycle.label(row.status)}，不能再变更`,
    );
  return transition(tx, taxBureauInvoices, bureauInvoiceLifecycle, row, input.to, { statusDate: input.today, statusNote: input.note });
}

/**
 * The simulated bureau issues a credit note (红字发票, 部分红冲: a discount, a return) against an invoice it
 * issued: `amount` cents, more than nothing and no more than what remains of it. The invoice's remaining
 * amount is its amount less its credit notes; a note for the whole remainder reverses it (红冲).
 */
export async function issueCreditNote(
  tx: Tx,
  input: { invoiceCode?: string; invoiceNumber: string; amount: Cents; reason: string; today: IsoDate },
): Promise<BureauInvoice> {
  const key = bureauKeyOf(input.invoiceCode ?? '', input.invoiceNumber);
  const [row] = await tx.select().from(taxBureauInvoices).where(eq(taxBureauInvoices.bureauKey, key)).for('update');
  if (!row) throw new NotFoundError('模拟税务局没有这张发票');
  const label = invoiceLabel(row.invoiceCode, row.invoiceNumber);
  if (row.status !== 'NORMAL') throw new BusinessError(`发票 ${label} 已${bureauInvoiceLifecycle.label(row.status)}，不能再开具红字发票`);
  const remaining = row.amount - row.credited;
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new BusinessError('红字发票金额须大于 0');
  if (input.amount > remaining)
    throw new BusinessError(
      `红字发票金额 ${formatYuan(input.amount)} 元超过发票 ${label} 的剩余金额 ${formatYuan(remaining as Cents)} 元`,
      'CREDIT_OVER_REMAINING',
    );
  await tx.insert(taxBureauCreditNotes).values({ invoiceId: row.id, amount: input.amount, reason: input.reason, issuedOn: input.today });
  const credited = row.credited + input.amount;
  if (credited === row.amount)
    return transition(tx, taxBureauInvoices, bureauInvoiceLifecycle, row, 'REVERSED', {
      credited,
      statusDate: input.today,
      statusNote: `红字发票冲销剩余全部金额：${input.reason}`,
    });
  const [updated] = await tx.update(taxBureauInvoices).set({ credited }).where(eq(taxBureauInvoices.id, row.id)).returning();
  return updated;
}

/** The credit notes of one of the bureau's invoices, oldest first. */
export async function creditNotesOf(db: Db | Tx, invoiceId: number) {
  return db.select().from(taxBureauCreditNotes).where(eq(taxBureauCreditNotes.invoiceId, invoiceId)).orderBy(taxBureauCreditNotes.id);
}

/** The invoices (not void or reversed) the bureau holds that a seller issued for an order (its 备注). */
export async function bureauInvoicesOfOrder(db: Db | Tx, sellerCreditCode: string, orderNo: string) {
  return db
    .select()
    .from(taxBureauInvoices)
    .where(
      and(
        eq(taxBureauInvoices.sellerCreditCode, sellerCreditCode),
        eq(taxBureauInvoices.orderNo, orderNo),
        eq(taxBureauInvoices.status, 'NORMAL'),
      ),
    );
}

/** One line for logs and answers: the invoice as the bureau holds it. */
export const bureauSummary = (row: BureauInvoice) =>
  `${invoiceLabel(row.invoiceCode, row.invoiceNumber)} ${row.sellerName} → ${row.buyerName} ${formatYuan(row.amount)} 元（${bureauInvoiceLifecycle.label(row.status)}）`;
