import type { TrialInput } from '@factoring/domain/contract';
import { financingAmountProblem, financingLimit, INTEREST_MODE_LABELS, type Cents, type IsoDate } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invoices } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { availableOf, creditLineDirectory } from '../../credit/index.ts';
import { trial } from '../../financing/index.ts';
import { eligibleInvoices } from '../../receivables/index.ts';
import { platformOf } from '../store.ts';

/**
 * The live trial (read-only): interest, fee, net amount, due date, and the most that may be applied
 * for — by the same rules as the application itself: a term beyond the platform maximum and an
 * amount above min(available credit, advance rate × chosen receivables) are refused here too, with
 * the words the application would use.
 */
export async function trialFor(db: Db, scope: Scope, input: TrialInput, today: IsoDate) {
  const [line] = await db
    .select()
    .from(creditLineDirectory)
    .where(and(eq(creditLineDirectory.id, input.creditLineId), ownedBy(scope, creditLineDirectory.enterpriseId)));
  if (!line) throw new NotFoundError('授信不存在');
  const platform = await platformOf(db, line.platformId);
  let receivables: number | null = null;
  if (input.invoiceIds?.length) {
    const rows = await db
      .select()
      .from(invoices)
      .where(and(ownedBy(scope, invoices.enterpriseId), inArray(invoices.id, input.invoiceIds)));
    // Issue 36: each invoice at what remains of it after the bureau's credit notes, as the application counts it.
    const eligible = await eligibleInvoices(
      db,
      rows.map((i) => ({ ...i, sellerId: i.enterpriseId, buyerId: i.buyerEnterpriseId })),
    );
    receivables = eligible.reduce((s, e) => s + e.eligible, 0);
  } else if (input.orderAmount) receivables = input.orderAmount;
  const available = availableOf(line);
  const limits = { available, advanceRatePpm: platform.advanceRatePpm, receivables };
  const t = trial(platform, input.amount as Cents, input.termDays, today);
  const problem = financingAmountProblem(input.amount, limits);
  if (problem) throw new BusinessError(problem, 'FINANCING_OVER_LIMIT');
  return {
    ...t,
    interestModeLabel: INTEREST_MODE_LABELS[t.interestMode],
    available,
    receivables,
    maxAmount: financingLimit(limits).maxAmount ?? available,
    maxTermDays: platform.maxTermDays,
  };
}
