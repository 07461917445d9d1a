import { invoiceLifecycle } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { invoices } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import type { BpmTask, TaskOperator } from '../../bpm/index.ts';
import { now } from '../../../lib/clock.ts';

/** The INVOICE_VERIFY task's invoice, locked; only a registered invoice is verified. */
async function lockInvoice(tx: Tx, id: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw new NotFoundError('发票不存在');
  if (row.status !== 'REGISTERED') throw new BusinessError(`该发票当前状态为“${invoiceLifecycle.label(row.status)}”，不能核验`);
  return row;
}

export async function approveInvoice(tx: Tx, task: BpmTask, _operator: TaskOperator, comment: string | null) {
  const row = await lockInvoice(tx, Number(task.refId));
  await transition(tx, invoices, invoiceLifecycle, row, 'VERIFIED', { reviewNote: comment, updatedAt: now() });
  return { before: { status: row.status }, after: { status: 'VERIFIED' } };
}

export async function rejectInvoice(tx: Tx, task: BpmTask, _operator: TaskOperator, reason: string) {
  const row = await lockInvoice(tx, Number(task.refId));
  await transition(tx, invoices, invoiceLifecycle, row, 'REJECTED', { reviewNote: reason, updatedAt: now() });
  return { before: { status: row.status }, after: { status: 'REJECTED' } };
}
