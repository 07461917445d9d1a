// The lending core's transfer vouchers (issue 35): submitted by a product for one of its purposes, read by the
// product for its pages, withdrawn when its loan ends. One table for every product (transfer_vouchers).
import type { IsoDate } from '@factoring/domain';
import { transferVoucherLifecycle } from '@factoring/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { transferVouchers, type TaskField } from '../../../db/schema/index.ts';
import type { Actor } from '../../../lib/actor.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask, withdrawPendingTasks } from '../../bpm/index.ts';
import type { TransferVoucher, TransferVoucherPurpose } from './purpose.ts';

/** PZ + yyyyMMdd + the voucher's id: the reference number the payer's remark and the result page show. */
export const voucherNoOf = (id: number, day: string) => `PZ${day.replaceAll('-', '')}${String(id).padStart(6, '0')}`;

export interface NewTransferVoucher {
  loanId: number;
  loanNo: string;
  enterpriseId: number;
  /** A record of the product's the voucher answers (the margin call of a top-up). */
  relatedId?: number | null;
  amount: number;
  uploadId: number;
  payerAccountName: string;
  payerAccountNo: string;
}

/** The inbox task the product words: its subject, the drawer's fields and what its data adds to the voucher's id and number. */
export interface VoucherTask {
  subject: string;
  /** The drawer's fields, or a function of the voucher's number (known once the row is stored). */
  fields: TaskField[] | ((voucherNo: string) => TaskField[]);
  data?: Record<string, unknown>;
}

/**
 * Records a voucher PENDING and opens its confirmation task (submitted by `actor`, so another operator decides it).
 * Call with the loan locked, after the product's own checks; a second voucher of the purpose waiting for the loan
 * is refused with the product's words (`whenPending`), the partial unique index guarding the race.
 */
export async function submitTransferVoucher(
  tx: Tx,
  purpose: TransferVoucherPurpose,
  voucher: NewTransferVoucher,
  actor: Actor,
  today: IsoDate,
  task: VoucherTask,
  whenPending: (waiting: TransferVoucher | null) => BusinessError,
): Promise<TransferVoucher> {
  const waiting = await pendingTransferVoucher(tx, purpose.product, voucher.loanId, purpose.purpose);
  if (waiting) throw whenPending(waiting);
  const [row] = await tx
    .insert(transferVouchers)
    .values({
      voucherNo: `tmp-${crypto.randomUUID()}`,
      product: purpose.product,
      purpose: purpose.purpose,
      loanId: voucher.loanId,
      loanNo: voucher.loanNo,
      relatedId: voucher.relatedId ?? null,
      enterpriseId: voucher.enterpriseId,
      amount: voucher.amount,
      uploadId: voucher.uploadId,
      payerAccountName: voucher.payerAccountName,
      payerAccountNo: voucher.payerAccountNo,
      createdBy: actor.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw whenPending(null);
  const voucherNo = voucherNoOf(row.id, today);
  const [stored] = await tx.update(transferVouchers).set({ voucherNo }).where(eq(transferVouchers.id, row.id)).returning();
  await createTask(tx, {
    type: purpose.taskType,
    subject: task.subject,
    enterpriseId: voucher.enterpriseId,
    refId: row.id,
    data: { voucherId: row.id, voucherNo, ...task.data },
    fields: typeof task.fields === 'function' ? task.fields(voucherNo) : task.fields,
    attachments: [{ uploadId: voucher.uploadId, label: '转账凭证' }],
    submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
  });
  return stored!;
}

/** The voucher of a purpose waiting for a loan, if any. */
export async function pendingTransferVoucher(
  db: Db | Tx,
  product: string,
  loanId: number,
  purpose: string,
): Promise<TransferVoucher | undefined> {
  const [row] = await db
    .select()
    .from(transferVouchers)
    .where(
      and(
        eq(transferVouchers.product, product),
        eq(transferVouchers.loanId, loanId),
        eq(transferVouchers.purpose, purpose),
        eq(transferVouchers.status, 'PENDING'),
      ),
    );
  return row;
}

/** A loan's vouchers of every purpose, newest first (`order: 'asc'` oldest first). */
export async function transferVouchersOfLoan(db: Db | Tx, product: string, loanId: number, order: 'asc' | 'desc' = 'desc') {
  return db
    .select()
    .from(transferVouchers)
    .where(and(eq(transferVouchers.product, product), eq(transferVouchers.loanId, loanId)))
    .orderBy(order === 'asc' ? asc(transferVouchers.id) : desc(transferVouchers.id));
}

/** One voucher of a product, in the caller's scope (another enterprise's reads as none). */
export async function transferVoucherOf(db: Db | Tx, scope: Scope, product: string, id: number): Promise<TransferVoucher | undefined> {
  const [row] = await db
    .select()
    .from(transferVouchers)
    .where(and(eq(transferVouchers.id, id), eq(transferVouchers.product, product), ownedBy(scope, transferVouchers.enterpriseId)));
  return row;
}

/** The voucher, waiting or confirmed, that an upload already proves, if any: one bank receipt pays once. */
export async function voucherOfUpload(db: Db | Tx, uploadId: number): Promise<TransferVoucher | undefined> {
  const [row] = await db
    .select()
    .from(transferVouchers)
    .where(and(eq(transferVouchers.uploadId, uploadId), inArray(transferVouchers.status, ['PENDING', 'CONFIRMED'])));
  return row;
}

/**
 * A loan ended (rejected, cancelled, settled): its waiting vouchers of the given purposes are WITHDRAWN and their
 * tasks withdrawn; answers them so the product records its own events.
 */
export async function withdrawTransferVouchers(
  tx: Tx,
  purposes: readonly Pick<TransferVoucherPurpose, 'product' | 'purpose' | 'taskType'>[],
  loanId: number,
  actor: Actor,
  reason: string,
): Promise<TransferVoucher[]> {
  if (!purposes.length) return [];
  const product = purposes[0]!.product;
  const taskOf = new Map(purposes.map((p) => [p.purpose, p.taskType]));
  const pending = await tx
    .select()
    .from(transferVouchers)
    .where(
      and(
        eq(transferVouchers.product, product),
        eq(transferVouchers.loanId, loanId),
        inArray(transferVouchers.purpose, [...taskOf.keys()]),
        eq(transferVouchers.status, 'PENDING'),
      ),
    )
    .orderBy(asc(transferVouchers.id))
    .for('update');
  const withdrawn: TransferVoucher[] = [];
  for (const v of pending) {
    await withdrawPendingTasks(tx, [{ type: taskOf.get(v.purpose)!, refId: v.id }], actor, reason);
    withdrawn.push(
      await transition(tx, transferVouchers, transferVoucherLifecycle, v, 'WITHDRAWN', { reviewNote: reason, decidedAt: now() }),
    );
  }
  return withdrawn;
}
