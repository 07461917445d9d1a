// The operator's acts on receivables (issue 36): check a financed invoice with the bureau now, and the
// simulated bureau's own acts — issue, void, reverse, a credit note — on its guarded desk: an operator's, recorded in the
// audit trail, and refused once a real tax service is plugged in (the real bureau is not ours to change).
import { type Cents, type IsoDate } from '@factoring/domain';
import type { IssueBureauInvoiceInput } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { taxBureauInvoices } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { checkInvoice } from './invoice-checks.ts';
import { changeBureauStatus, issueAtBureau, issueCreditNote, nextDigitalInvoiceNumber, simulatedTaxBureau } from './tax-bureau.ts';
import { financedAssetOf } from './queries.ts';
import type { InvoiceVerifier } from './verifier.ts';

/** The simulator's desk is open only while the simulator is the app's verifier. */
export function assertSimulator(verifier: InvoiceVerifier) {
  if (verifier !== simulatedTaxBureau) throw new BusinessError('已接入真实的税务查验服务，模拟税务局不可操作', 'NOT_SIMULATOR');
}

/** An operator checks a financed invoice with the bureau now (a void or reversal after funding opens a dilution). */
export async function recheckAsset(tx: Tx, verifier: InvoiceVerifier, assetId: number, operator: Actor, today: IsoDate) {
  const asset = await financedAssetOf(tx, assetId);
  if (asset.kind !== 'INVOICE' || !asset.invoiceNumber || !asset.issueDate) throw new BusinessError('只有发票可以向税务局查验');
  return checkInvoice(
    tx,
    verifier,
    {
      sellerKey: asset.sellerKey,
      buyerKey: asset.buyerKey,
      invoiceCode: asset.invoiceCode ?? '',
      invoiceNumber: asset.invoiceNumber,
      issueDate: asset.issueDate,
      amount: asset.amount,
    },
    { trigger: 'OPERATOR', actor: operator, today },
  );
}

/** The simulated bureau issues an invoice between two enterprises of the portal (their credit codes and names). */
export async function issueOnDesk(tx: Tx, verifier: InvoiceVerifier, input: IssueBureauInvoiceInput) {
  assertSimulator(verifier);
  const party = async (id: number) =>
    (
      await tx
        .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name, uscc: enterpriseDirectory.uscc })
        .from(enterpriseDirectory)
        .where(eq(enterpriseDirectory.id, id))
    )[0];
  const seller = await party(input.sellerEnterpriseId);
  const buyer = await party(input.buyerEnterpriseId);
  if (!seller || !buyer) throw new NotFoundError('企业不存在');
  if (!seller.uscc || !buyer.uscc) throw new BusinessError('开票双方须有统一社会信用代码');
  return issueAtBureau(tx, {
    invoiceCode: input.invoiceNumber ? (input.invoiceCode ?? '') : '',
    invoiceNumber: input.invoiceNumber || (await nextDigitalInvoiceNumber(tx, input.issueDate)),
    sellerCreditCode: seller.uscc,
    sellerName: seller.name,
    buyerCreditCode: buyer.uscc,
    buyerName: buyer.name,
    issueDate: input.issueDate,
    amount: input.amount,
    taxAmount: input.taxAmount,
    remark: input.remark,
    orderNo: input.orderNo ?? null,
  });
}

/** The simulated bureau voids or reverses one of its invoices. */
export async function changeStatusOnDesk(
  tx: Tx,
  verifier: InvoiceVerifier,
  id: number,
  input: { status: 'VOID' | 'REVERSED'; note: string },
  today: IsoDate,
) {
  assertSimulator(verifier);
  const [row] = await tx.select().from(taxBureauInvoices).where(eq(taxBureauInvoices.id, id));
  if (!row) throw new NotFoundError('模拟税务局没有这张发票');
  return changeBureauStatus(tx, {
    invoiceCode: row.invoiceCode,
    invoiceNumber: row.invoiceNumber,
    to: input.status,
    note: input.note,
    today,
  });
}

/** The simulated bureau issues a credit note (红字发票, 部分红冲) against one of its invoices. */
export async function creditNoteOnDesk(
  tx: Tx,
  verifier: InvoiceVerifier,
  id: number,
  input: { amount: number; reason: string },
  today: IsoDate,
) {
  assertSimulator(verifier);
  const [row] = await tx.select().from(taxBureauInvoices).where(eq(taxBureauInvoices.id, id));
  if (!row) throw new NotFoundError('模拟税务局没有这张发票');
  return issueCreditNote(tx, {
    invoiceCode: row.invoiceCode,
    invoiceNumber: row.invoiceNumber,
    amount: input.amount as Cents,
    reason: input.reason,
    today,
  });
}
