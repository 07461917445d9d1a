// The weekly check of financed invoices (issue 36): a close-of-business step. Every funded invoice not yet
// matured whose last check is `RECHECK_EVERY_DAYS` old (or that was never checked) is checked with the tax
// bureau again; a void or reversed answer opens a dilution the operator sees at once.
import { addDays, RECHECK_EVERY_DAYS, type IsoDate } from '@factoring/domain';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { financedAssets } from '../../db/schema/index.ts';
import type { CloseOfBusinessStep } from '../../jobs/close-of-business.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { checkInvoice, creditOf, latestChecks } from './invoice-checks.ts';
import type { InvoiceVerifier } from './verifier.ts';

export interface InvoiceRecheckResult {
  checked: number;
  normal: number;
  diluted: number;
  /** Normal, with a credit note (红字发票) not known before: a partial dilution (issue 36). */
  credited: number;
  noAnswer: number;
  other: number;
}

export async function recheckFinancedInvoices(tx: Tx, verifier: InvoiceVerifier, runDate: IsoDate): Promise<InvoiceRecheckResult> {
  const funded = await tx
    .select()
    .from(financedAssets)
    .where(and(eq(financedAssets.kind, 'INVOICE'), eq(financedAssets.status, 'FUNDED'), gte(financedAssets.maturesOn, runDate)))
    .orderBy(asc(financedAssets.id));
  const result: InvoiceRecheckResult = { checked: 0, normal: 0, diluted: 0, credited: 0, noAnswer: 0, other: 0 };
  if (!funded.length) return result;
  const last = await latestChecks(
    tx,
    funded.map((a) => a.assetKey),
  );
  const due = funded.filter((a) => {
    const latest = last.get(a.assetKey);
    return !latest || latest.checkedOn <= addDays(runDate, -RECHECK_EVERY_DAYS);
  });
  const seen = new Set<string>();
  for (const a of due) {
    if (seen.has(a.assetKey) || !a.invoiceNumber || !a.issueDate) continue;
    seen.add(a.assetKey);
    const check = await checkInvoice(
      tx,
      verifier,
      {
        sellerKey: a.sellerKey,
        buyerKey: a.buyerKey,
        invoiceCode: a.invoiceCode ?? '',
        invoiceNumber: a.invoiceNumber,
        issueDate: a.issueDate,
        amount: a.amount,
      },
      { trigger: 'WEEKLY', actor: SYSTEM, today: runDate },
    );
    result.checked += 1;
    if (check.outcome === 'NORMAL') {
      result.normal += 1;
      if ((creditOf(check.bureau)?.credited ?? 0) > a.credited) result.credited += 1;
    } else if (check.outcome === 'VOID' || check.outcome === 'REVERSED') result.diluted += 1;
    else if (check.outcome === 'QUOTA_EXCEEDED' || check.outcome === 'UNAVAILABLE') result.noAnswer += 1;
    else result.other += 1;
  }
  return result;
}

/** The weekly check with the app's verifier (app.ts lists it in the close of business). */
export const invoiceRecheckStep = (verifier: InvoiceVerifier): CloseOfBusinessStep<InvoiceRecheckResult> => ({
  name: 'receivables-invoice-recheck',
  label: '应收账款：已融资发票每周税务复验',
  run: (tx, runDate) => recheckFinancedInvoices(tx, verifier, runDate),
  summary: (r) =>
    `复验 ${r.checked} 张：正常 ${r.normal}，作废或红冲 ${r.diluted}（稀释），新发现部分红冲 ${r.credited}（稀释），未获答复 ${r.noAnswer}，其他 ${r.other}`,
});
