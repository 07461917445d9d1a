import { invoiceLabel, invoiceLifecycle, isInvoiceRefusal, isNoAnswer, type InvoiceCheckOutcome } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { invoices } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import type { BpmTask, TaskOperator } from '../../bpm/index.ts';
import { checkSubjects, checksOf, recordManualVerification, type CheckSubject, type InvoiceCheck } from '../../receivables/index.ts';
import { chinaToday, now } from '../../../lib/clock.ts';
import { operatorActor } from '../store.ts';

type Invoice = typeof invoices.$inferSelect;

/** The INVOICE_VERIFY task's invoice, locked; only a registered invoice is verified. */
async function lockInvoice(tx: Tx, id: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw new NotFoundError('发票不存在');
  if (row.status !== 'REGISTERED') throw new BusinessError(`该发票当前状态为“${invoiceLifecycle.label(row.status)}”，不能核验`);
  return row;
}

/** An invoice of supply loans as the subject of a tax bureau check (its seller, its buyer, what was registered). */
export async function invoiceSubject(db: Db | Tx, row: Invoice): Promise<CheckSubject & { invoiceKey: string }> {
  const [subject] = await checkSubjects(db, [
    {
      sellerId: row.enterpriseId,
      buyerId: row.buyerEnterpriseId,
      invoiceCode: row.invoiceCode,
      invoiceNumber: row.invoiceNumber,
      issueDate: row.issueDate,
      amount: row.amount,
    },
  ]);
  return subject;
}

/** The bureau's latest answer about the invoice (its manual verifications and no-answers aside). */
const latestAnswer = (history: readonly InvoiceCheck[]) =>
  history.find((c) => c.outcome !== 'MANUAL' && !isNoAnswer(c.outcome as InvoiceCheckOutcome));

/**
 * INVOICE_VERIFY approved (four eyes on what the bureau said): refused when the bureau's latest answer is
 * void, reversed or not the invoice registered. Where the bureau had no such invoice or gave no answer,
 * approving is the operator's manual verification, recorded with the invoice's checks by name.
 */
export async function approveInvoice(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null) {
  const row = await lockInvoice(tx, Number(task.refId));
  const subject = await invoiceSubject(tx, row);
  const history = await checksOf(tx, subject.invoiceKey);
  const latest = latestAnswer(history);
  if (latest && isInvoiceRefusal(latest.outcome as InvoiceCheckOutcome))
    throw new BusinessError(
      `${latest.message}，发票 ${invoiceLabel(row.invoiceCode, row.invoiceNumber)} 不能核验通过，请驳回`,
      'INVOICE_BUREAU_REFUSED',
    );
  if (latest?.outcome !== 'NORMAL') await recordManualVerification(tx, subject, operatorActor(operator), comment, chinaToday());
  await transition(tx, invoices, invoiceLifecycle, row, 'VERIFIED', { reviewNote: comment, updatedAt: now() });
  return { before: { status: row.status }, after: { status: 'VERIFIED', bureau: latest?.outcome ?? 'MANUAL' } };
}

export async function rejectInvoice(tx: Tx, task: BpmTask, _operator: TaskOperator, reason: string) {
  const row = await lockInvoice(tx, Number(task.refId));
  await transition(tx, invoices, invoiceLifecycle, row, 'REJECTED', { reviewNote: reason, updatedAt: now() });
  return { before: { status: row.status }, after: { status: 'REJECTED' } };
}

/** The INVOICE_VERIFY drawer's live facts: the bureau's latest answer and how many checks are on record. */
export async function invoiceBureauFacts(db: Db, invoiceId: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return [];
  const subject = await invoiceSubject(db, row);
  const history = await checksOf(db, subject.invoiceKey);
  const latest = latestAnswer(history) ?? history[0];
  return [
    { label: '税务局查验（最新）', value: latest ? `${latest.message}（${latest.actorName}，${latest.checkedOn}）` : '尚未查验' },
    { label: '查验记录', value: `${history.length} 条` },
  ];
}
