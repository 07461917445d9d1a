import { depositEntry, formatYuan, type Cents, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { factoringCollections } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { postEntry, rule } from '../../ledger/index.ts';
import { repayOnline } from '../operations/repay-online.ts';
import { openTranches } from '../queries/quote.ts';
import { factorScope, lockFinancing, recordEvent, type Financing } from '../store.ts';
import { collectionPreview } from './preview.ts';

export type CollectionKind = 'DEBTOR' | 'MISDIRECTED' | 'BUYBACK';

const KIND_WORDS: Record<CollectionKind, string> = {
  DEBTOR: '债务人回款',
  MISDIRECTED: '误付回款转付',
  BUYBACK: '供应商回购',
};

export interface CollectionInput {
  financingId: number;
  kind: CollectionKind;
  amount: number;
  payer: { name: string | null; accountNo: string | null };
  reference: string | null;
  /** Once per key: a statement line (account + line key), a task. */
  sourceKey: string;
  today: IsoDate;
  actor: { id: number | null; name: string };
}

/** The supplier of a financing as the scope its own account is debited in (the repayment is its, from its funds). */
const supplierScope = (f: Financing, actor: { id: number | null }): EnterpriseScope => ({
  kind: 'enterprise',
  enterpriseId: f.enterpriseId,
  userId: actor.id ?? 0,
  certified: true,
  warehouse: false,
});

/**
 * Books money that reached the factor for a factored invoice financing (issue 36), in the caller's transaction,
 * once per `sourceKey`:
 * - DEBTOR: the debtor paid the collection account. The receipt is booked to the supplier's account (the
 *   factor's bank holds it, the supplier is owed it), and from there the financing is repaid — what it owes
 *   today, by the lending core's allocate — so the surplus stays in the supplier's account: the rebate.
 * - MISDIRECTED: the debtor paid the supplier instead; the supplier's account pays over what it received, up to
 *   what the financing owes (the rest would only be rebated).
 * - BUYBACK: the supplier buys back the shortfall (with recourse): its account pays what the financing owes.
 * A settled financing moves its receivables on through the settlement hooks (release notice, registration due to
 * cancel). Preview = booked: the split and rebate are `collectionPreview`'s, checked against what was applied.
 */
export async function bookCollection(tx: Tx, input: CollectionInput) {
  const f = await lockFinancing(tx, factorScope(), input.financingId);
  if (f.kind !== 'INVOICE') throw new BusinessError('只有发票（应收账款）融资按保理回款处理');
  if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError(`融资 ${f.financingNo} 不在还款期，不能记入回款`);
  const [done] = await tx
    .select({ id: factoringCollections.id })
    .from(factoringCollections)
    .where(eq(factoringCollections.sourceKey, input.sourceKey));
  if (done) throw new BusinessError('该笔回款已入账');
  const preview = collectionPreview(f, await openTranches(tx, f.id, true), input.amount, input.today);
  const words = KIND_WORDS[input.kind];
  let receipt: { entryId: number; refNo: string } | null = null;
  if (input.kind === 'DEBTOR')
    receipt = await postEntry(
      tx,
      rule(() =>
        depositEntry({
          enterpriseId: f.enterpriseId,
          amount: input.amount as Cents,
          payer: input.payer,
          memo: `${f.financingNo} ${words}`,
        }),
      ),
      { createdBy: input.actor.id },
    );
  // A misdirected payment is forwarded only up to what is owed: the surplus would come straight back.
  const paysIn = input.kind === 'DEBTOR' ? input.amount : preview.repaid;
  const forwarded = input.kind === 'DEBTOR' ? preview.repaid : paysIn;
  if (forwarded <= 0) throw new BusinessError(`融资 ${f.financingNo} 已无欠款`);
  const repaid = await repayOnline(tx, supplierScope(f, input.actor), f.id, input.actor, forwarded, input.today);
  if (
    repaid.principal !== preview.principal ||
    repaid.interest !== preview.interest ||
    repaid.penalty !== preview.penalty ||
    repaid.interestRefund !== preview.interestRefund
  )
    throw new Error(`${f.financingNo}: booked ${JSON.stringify(repaid)} differs from the preview ${JSON.stringify(preview)}`);
  const rebate = input.kind === 'DEBTOR' ? preview.rebate : 0;
  const [row] = await tx
    .insert(factoringCollections)
    .values({
      financingId: f.id,
      kind: input.kind,
      amount: paysIn,
      principal: repaid.principal,
      interest: repaid.interest,
      penalty: repaid.penalty,
      rebate,
      interestRefund: repaid.interestRefund,
      payerName: input.payer.name,
      reference: input.reference,
      sourceKey: input.sourceKey,
      refNo: repaid.refNo,
      collectedOn: input.today,
      createdBy: input.actor.id,
    })
    .returning();
  await recordEvent(
    tx,
    f.id,
    input.actor,
    words,
    `${input.payer.name ?? ''} ${formatYuan(paysIn)} 元：本金 ${formatYuan(repaid.principal)}，利息 ${formatYuan(repaid.interest)}，罚息 ${formatYuan(repaid.penalty)}${rebate > 0 ? `，余额 ${formatYuan(rebate)} 元返还供应商账户` : ''}${repaid.status === 'SETTLED' ? '；已结清' : `；尚欠 ${formatYuan(preview.shortfall)} 元`}`,
  );
  return {
    collection: row,
    financingNo: f.financingNo,
    receiptEntryId: receipt?.entryId ?? null,
    interestRefund: repaid.interestRefund,
    status: repaid.status,
    shortfall: preview.shortfall,
  };
}
