// Test helpers for receivables (issue 36): the simulated tax bureau's books, written as the bureau writes them.
import { addDays, type Cents, type IsoDate } from '@factoring/domain';
import { eq, sql } from 'drizzle-orm';
import { enterprises, users } from '../../db/schema/index.ts';
import { chinaToday } from '../../lib/clock.ts';
import type { TestApp } from '../../test/harness.ts';
import { issueAtBureau, nextDigitalInvoiceNumber } from './tax-bureau.ts';

/** An enterprise of a demo login: its id, name and credit code. */
export async function enterpriseOfLogin(t: TestApp, login: string) {
  const [row] = await t.database.db
    .select({ id: enterprises.id, name: enterprises.name, uscc: enterprises.uscc })
    .from(users)
    .innerJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(sql`lower(${users.loginName})`, login));
  if (!row) throw new Error(`no enterprise for ${login}`);
  return row;
}

let seq = 0;
/** A fresh 8-digit invoice number for an old-style invoice (unique within a test file's database). */
export const nextPaperNumber = () => String(70_000_000 + (process.pid % 1000) * 1000 + ++seq);

/**
 * The simulated bureau issues an invoice from `seller` to `buyer` (demo logins): a 数电票 unless a code is
 * given. Answers what a supplier registers: code, number, date, amount, tax.
 */
export async function bureauInvoice(
  t: TestApp,
  p: {
    seller?: string;
    buyer?: string;
    amount: number;
    issueDate?: IsoDate;
    invoiceCode?: string;
    invoiceNumber?: string;
    orderNo?: string;
  },
) {
  const seller = await enterpriseOfLogin(t, p.seller ?? 'demo');
  const buyer = await enterpriseOfLogin(t, p.buyer ?? 'gouxiao');
  const issueDate = p.issueDate ?? addDays(chinaToday(), -3);
  const invoiceCode = p.invoiceCode ?? '';
  const invoiceNumber = p.invoiceNumber ?? (await nextDigitalInvoiceNumber(t.database.db, issueDate));
  const taxAmount = Math.round((p.amount * 13) / 113) as Cents;
  await issueAtBureau(t.database.db, {
    invoiceCode,
    invoiceNumber,
    sellerCreditCode: seller.uscc!,
    sellerName: seller.name,
    buyerCreditCode: buyer.uscc!,
    buyerName: buyer.name,
    issueDate,
    amount: p.amount as Cents,
    taxAmount,
    orderNo: p.orderNo ?? null,
  });
  return { invoiceCode, invoiceNumber, issueDate, amount: p.amount, taxAmount, buyerEnterpriseId: buyer.id };
}
