import { compareIsoDates, formatYuan, isIsoDate, type IsoDate } from '@factoring/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { enterprises, financings, invoices, platforms, uploads } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, pageQuery } from '../../lib/paging.ts';
import type { BpmTask, TaskOperator } from '../bpm/registry.ts';
import { createTask } from '../bpm/tasks.ts';
import { TASK, type Actor } from './store.ts';

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceStatus = Invoice['status'];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  REGISTERED: '待核验',
  VERIFIED: '已核验',
  FINANCED: '已融资',
  SETTLED: '已结清',
  REJECTED: '核验未通过',
};

const buyer = alias(enterprises, 'buyer');

const cents = (label: string) =>
  z.coerce
    .number({ error: `${label}格式不正确` })
    .int(`${label}必须是以分为单位的整数`)
    .max(Number.MAX_SAFE_INTEGER, `${label}超出允许范围`);

export const invoiceInput = z.object({
  invoiceCode: z.string().trim().regex(/^(\d{10}|\d{12})$/, '发票代码应为10位或12位数字'),
  invoiceNumber: z.string().trim().regex(/^(\d{8}|\d{20})$/, '发票号码应为8位或20位数字'),
  issueDate: z.string().trim().refine(isIsoDate, '开票日期格式不正确，应为YYYY-MM-DD'),
  amount: cents('发票金额').min(1, '发票金额必须大于0'),
  taxAmount: cents('税额').min(0, '税额不能为负数').default(0),
  buyerEnterpriseId: z.coerce.number().int().positive({ error: '请选择购买方（核心企业）' }),
  imageUploadId: z.coerce.number().int().positive().optional(),
});

/** Registers an invoice issued to a core enterprise and puts it up for verification (INVOICE_VERIFY). Duplicates are refused. */
export async function registerInvoice(db: Db, enterpriseId: number, actor: Actor, input: z.output<typeof invoiceInput>, today: IsoDate) {
  if (compareIsoDates(input.issueDate, today) > 0) throw new BusinessError('开票日期不能晚于今天');
  if (input.taxAmount > input.amount) throw new BusinessError('税额不能大于发票金额');
  return db.transaction(async (tx) => {
    const [core] = await tx
      .select({ id: enterprises.id, name: enterprises.name })
      .from(platforms)
      .innerJoin(enterprises, eq(enterprises.id, platforms.coreEnterpriseId))
      .where(and(eq(platforms.coreEnterpriseId, input.buyerEnterpriseId), eq(platforms.product, 'SUPPLY')))
      .limit(1);
    if (!core) throw new BusinessError('购买方必须是供应链平台的核心企业');
    if (core.id === enterpriseId) throw new BusinessError('购买方不能是本企业');
    if (input.imageUploadId) {
      const [file] = await tx.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.id, input.imageUploadId), eq(uploads.enterpriseId, enterpriseId)));
      if (!file) throw new BusinessError('发票影像不存在，请重新上传');
    }
    const [row] = await tx
      .insert(invoices)
      .values({ ...input, imageUploadId: input.imageUploadId ?? null, enterpriseId, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BusinessError(`发票 ${input.invoiceCode}-${input.invoiceNumber} 已登记，请勿重复登记`);
    const [seller] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, enterpriseId));
    await createTask(tx, {
      type: TASK.INVOICE_VERIFY,
      subject: `发票核验 ${input.invoiceCode}-${input.invoiceNumber}`,
      enterpriseId,
      refId: row.id,
      data: { invoiceId: row.id, ...input },
      fields: [
        { label: '销售方', value: seller?.name ?? '' },
        { label: '购买方（核心企业）', value: core.name },
        { label: '发票代码', value: input.invoiceCode },
        { label: '发票号码', value: input.invoiceNumber },
        { label: '开票日期', value: input.issueDate },
        { label: '价税合计（元）', value: formatYuan(input.amount) },
        { label: '税额（元）', value: formatYuan(input.taxAmount) },
      ],
      attachments: input.imageUploadId ? [{ uploadId: input.imageUploadId, label: '发票影像' }] : [],
      submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
    });
    return row;
  });
}

async function lockInvoice(tx: Tx, id: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw new NotFoundError('发票不存在');
  if (row.status !== 'REGISTERED') throw new BusinessError(`该发票当前状态为“${INVOICE_STATUS_LABELS[row.status]}”，不能核验`);
  return row;
}

export async function approveInvoice(tx: Tx, task: BpmTask, _operator: TaskOperator, comment: string | null) {
  const row = await lockInvoice(tx, Number(task.refId));
  await tx.update(invoices).set({ status: 'VERIFIED', reviewNote: comment, updatedAt: new Date() }).where(eq(invoices.id, row.id));
  return { before: { status: row.status }, after: { status: 'VERIFIED' } };
}

export async function rejectInvoice(tx: Tx, task: BpmTask, _operator: TaskOperator, reason: string) {
  const row = await lockInvoice(tx, Number(task.refId));
  await tx.update(invoices).set({ status: 'REJECTED', reviewNote: reason, updatedAt: new Date() }).where(eq(invoices.id, row.id));
  return { before: { status: row.status }, after: { status: 'REJECTED' } };
}

export const invoiceQuery = pageQuery.extend({
  status: z.enum(['REGISTERED', 'VERIFIED', 'FINANCED', 'SETTLED', 'REJECTED']).optional(),
  buyerEnterpriseId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(30).optional(),
});

export async function listInvoices(db: Db, enterpriseId: number, q: z.output<typeof invoiceQuery>) {
  const where: SQL[] = [eq(invoices.enterpriseId, enterpriseId)];
  if (q.status) where.push(eq(invoices.status, q.status));
  if (q.buyerEnterpriseId) where.push(eq(invoices.buyerEnterpriseId, q.buyerEnterpriseId));
  if (q.keyword) where.push(sql`(${invoices.invoiceNumber} like ${`%${q.keyword.replace(/[\\%_]/g, '')}%`} or ${invoices.invoiceCode} like ${`%${q.keyword.replace(/[\\%_]/g, '')}%`})`);
  const cond = and(...where);
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceCode: invoices.invoiceCode,
        invoiceNumber: invoices.invoiceNumber,
        issueDate: invoices.issueDate,
        amount: invoices.amount,
        taxAmount: invoices.taxAmount,
        buyerEnterpriseId: invoices.buyerEnterpriseId,
        buyerName: buyer.name,
        imageUploadId: invoices.imageUploadId,
        status: invoices.status,
        reviewNote: invoices.reviewNote,
        financingId: invoices.financingId,
        financingNo: financings.financingNo,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .innerJoin(buyer, eq(buyer.id, invoices.buyerEnterpriseId))
      .leftJoin(financings, eq(financings.id, invoices.financingId))
      .where(cond)
      .orderBy(desc(invoices.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(invoices).where(cond),
  ]);
  return { items: items.map((i) => ({ ...i, statusLabel: INVOICE_STATUS_LABELS[i.status] })), totalCount: total };
}

/** The core enterprises of SUPPLY platforms: the buyers an invoice may be issued to. */
export async function coreEnterprises(db: Db) {
  return db
    .selectDistinct({ id: enterprises.id, name: enterprises.name })
    .from(platforms)
    .innerJoin(enterprises, eq(enterprises.id, platforms.coreEnterpriseId))
    .where(eq(platforms.product, 'SUPPLY'))
    .orderBy(enterprises.id);
}
