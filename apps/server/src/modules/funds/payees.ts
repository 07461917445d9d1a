import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { payees } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { openFundsTask, type Submitter } from './operator-tasks.ts';

export const payeeInput = z.object({
  name: z.string().trim().min(2, '请输入收款方名称').max(100),
  bankName: z.string().trim().min(2, '请输入开户银行及支行').max(100),
  accountNo: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,32}$/, '收款账号应为 8–32 位数字')),
  relation: z.enum(['UPSTREAM', 'DOWNSTREAM']).default('UPSTREAM'),
});
export type PayeeInput = z.output<typeof payeeInput>;

type Payee = typeof payees.$inferSelect;

export const PAYEE_STATUS_LABELS = { PENDING: '待审核', ACTIVE: '已生效', REJECTED: '已驳回', DISABLED: '已停用' } as const;

export function payeeView(p: Payee) {
  return {
    id: p.id,
    name: p.name,
    bankName: p.bankName,
    accountNo: p.accountNo,
    relation: p.relation,
    status: p.status,
    statusLabel: PAYEE_STATUS_LABELS[p.status],
    pendingChange: p.pendingChange ?? null,
    reviewNote: p.reviewNote,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
  };
}

const fieldsOf = (v: PayeeInput) => [
  { label: '收款方名称', value: v.name },
  { label: '开户银行', value: v.bankName },
  { label: '收款账号', value: v.accountNo },
  { label: '关系', value: v.relation === 'UPSTREAM' ? '上游供应商' : '下游客户' },
];

async function refuseDuplicate(tx: Tx, enterpriseId: number, accountNo: string, exceptId?: number) {
  const [dup] = await tx
    .select({ id: payees.id })
    .from(payees)
    .where(
      and(
        eq(payees.enterpriseId, enterpriseId),
        eq(payees.accountNo, accountNo),
        inArray(payees.status, ['PENDING', 'ACTIVE']),
        exceptId ? ne(payees.id, exceptId) : undefined,
      ),
    );
  if (dup) throw new BusinessError('该收款账号已在白名单中或正在审核，请勿重复添加');
}

/** Opens directed payment to a new payee: it waits for an operator's review before it can be paid. */
export async function openPayee(tx: Tx, enterpriseId: number, by: Submitter, input: PayeeInput) {
  await refuseDuplicate(tx, enterpriseId, input.accountNo);
  const [p] = await tx.insert(payees).values({ enterpriseId, ...input }).returning();
  await openFundsTask(tx, {
    type: 'FUNDS_PAYEE',
    refId: p.id,
    enterpriseId,
    submittedBy: by,
    subject: `定向支付收款方：${p.name}`,
    data: { payeeId: p.id, change: false, ...input },
    fields: fieldsOf(input),
  });
  return payeeView(p);
}

/** Changes a payee. An active payee keeps paying with its old details until the change is approved. */
export async function changePayee(tx: Tx, enterpriseId: number, by: Submitter, payeeId: number, input: PayeeInput) {
  const [p] = await tx.select().from(payees).where(and(eq(payees.id, payeeId), eq(payees.enterpriseId, enterpriseId))).for('update');
  if (!p) throw new NotFoundError('收款方不存在');
  if (p.status === 'PENDING' || p.pendingChange) throw new BusinessError('该收款方正在审核中，请等待审核结果后再修改');
  if (p.status === 'DISABLED') throw new BusinessError('已停用的收款方不能修改，请重新添加');
  await refuseDuplicate(tx, enterpriseId, input.accountNo, p.id);
  let updated: Payee;
  if (p.status === 'REJECTED') {
    // A rejected application is corrected and submitted again.
    [updated] = await tx
      .update(payees)
      .set({ ...input, status: 'PENDING', reviewNote: null, updatedAt: new Date() })
      .where(eq(payees.id, p.id))
      .returning();
  } else {
    [updated] = await tx.update(payees).set({ pendingChange: input, updatedAt: new Date() }).where(eq(payees.id, p.id)).returning();
  }
  await openFundsTask(tx, {
    type: 'FUNDS_PAYEE',
    refId: p.id,
    enterpriseId,
    submittedBy: by,
    subject: `${p.status === 'ACTIVE' ? '变更' : '重新提交'}定向支付收款方：${input.name}`,
    data: { payeeId: p.id, change: p.status === 'ACTIVE', before: { name: p.name, bankName: p.bankName, accountNo: p.accountNo, relation: p.relation }, ...input },
    fields: [...(p.status === 'ACTIVE' ? [{ label: '原收款方', value: `${p.name} ${p.accountNo}` }] : []), ...fieldsOf(input)],
  });
  return payeeView(updated);
}

/** The enterprise stops paying a payee (no review needed to stop). */
export async function disablePayee(tx: Tx, enterpriseId: number, payeeId: number) {
  const [p] = await tx.select().from(payees).where(and(eq(payees.id, payeeId), eq(payees.enterpriseId, enterpriseId))).for('update');
  if (!p) throw new NotFoundError('收款方不存在');
  if (p.status !== 'ACTIVE') throw new BusinessError('只有已生效的收款方可以停用');
  if (p.pendingChange) throw new BusinessError('该收款方有变更正在审核，请等待审核结果后再停用');
  const [updated] = await tx.update(payees).set({ status: 'DISABLED', updatedAt: new Date() }).where(eq(payees.id, p.id)).returning();
  return payeeView(updated);
}

/** Operator's decision on a payee application or change. */
export async function reviewPayee(tx: Tx, payeeId: number, operatorId: number, approve: boolean, note: string | null) {
  const [p] = await tx.select().from(payees).where(eq(payees.id, payeeId)).for('update');
  if (!p) throw new NotFoundError('收款方不存在');
  const now = new Date();
  const before = payeeView(p);
  let updated: Payee;
  if (p.pendingChange) {
    [updated] = await tx
      .update(payees)
      .set({ ...(approve ? p.pendingChange : {}), pendingChange: null, reviewNote: note, reviewedBy: operatorId, reviewedAt: now, updatedAt: now })
      .where(eq(payees.id, p.id))
      .returning();
  } else if (p.status === 'PENDING') {
    [updated] = await tx
      .update(payees)
      .set({ status: approve ? 'ACTIVE' : 'REJECTED', reviewNote: note, reviewedBy: operatorId, reviewedAt: now, updatedAt: now })
      .where(eq(payees.id, p.id))
      .returning();
  } else {
    throw new BusinessError('该收款方没有待审核的申请');
  }
  return { before, after: payeeView(updated) };
}

export async function listPayees(db: Db, enterpriseId: number, q: PageQuery & { status?: string; name?: string }) {
  const where = and(
    eq(payees.enterpriseId, enterpriseId),
    q.status ? sql`${payees.status} = ${q.status}` : undefined,
    q.name ? sql`${payees.name} ilike ${`%${q.name.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const rows = await db.select().from(payees).where(where).orderBy(desc(payees.id)).limit(q.size).offset(offsetOf(q));
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(payees).where(where);
  return { items: rows.map(payeeView), totalCount: Number(n) };
}

/** A payee of the enterprise that may be paid now, or a BusinessError saying why not. */
export async function activePayee(db: Db | Tx, enterpriseId: number, payeeId: number) {
  const [p] = await db.select().from(payees).where(and(eq(payees.id, payeeId), eq(payees.enterpriseId, enterpriseId)));
  if (!p) throw new NotFoundError('收款方不存在');
  if (p.status !== 'ACTIVE') throw new BusinessError(`收款方「${p.name}」${PAYEE_STATUS_LABELS[p.status]}，不在生效的白名单中，不能付款`);
  return p;
}
