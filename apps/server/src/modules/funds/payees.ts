import { maskBankAccount, payeeLifecycle, type PayeeStatus } from '@factoring/domain';
import type { Payee as PayeeView, PayeeInput } from '@factoring/domain/contract';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payees } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { openFundsTask, type Submitter } from './operator-tasks.ts';
import * as clock from '../../lib/clock.ts';

type Payee = typeof payees.$inferSelect;

function payeeView(p: Payee): PayeeView {
  return {
    id: p.id,
    name: p.name,
    bankName: p.bankName,
    accountNo: p.accountNo,
    relation: p.relation,
    status: p.status,
    statusLabel: payeeLifecycle.label(p.status),
    pendingChange: p.pendingChange ?? null,
    reviewNote: p.reviewNote,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
  };
}

/** A payee as the whitelist shows it: account numbers masked (in full only in the owner's detail, `payeeDetail`). */
function payeeListView(p: Payee): PayeeView {
  const v = payeeView(p);
  return {
    ...v,
    accountNo: maskBankAccount(v.accountNo),
    pendingChange: v.pendingChange && { ...v.pendingChange, accountNo: maskBankAccount(v.pendingChange.accountNo) },
  };
}

const fieldsOf = (v: PayeeInput) => [
  { label: '收款方名称', value: v.name },
  { label: '开户银行', value: v.bankName },
  { label: '收款账号', value: v.accountNo },
  { label: '关系', value: v.relation === 'UPSTREAM' ? '上游供应商' : '下游客户' },
];

async function refuseDuplicate(tx: Tx, scope: EnterpriseScope, accountNo: string, exceptId?: number) {
  const [dup] = await tx
    .select({ id: payees.id })
    .from(payees)
    .where(
      and(
        ownedBy(scope, payees.enterpriseId),
        eq(payees.accountNo, accountNo),
        inArray(payees.status, ['PENDING', 'ACTIVE']),
        exceptId ? ne(payees.id, exceptId) : undefined,
      ),
    );
  if (dup) throw new BusinessError('该收款账号已在白名单中或正在审核，请勿重复添加');
}

/** Opens directed payment to a new payee: it waits for an operator's review before it can be paid. */
export async function openPayee(tx: Tx, scope: EnterpriseScope, by: Submitter, input: PayeeInput) {
  await refuseDuplicate(tx, scope, input.accountNo);
  const [p] = await tx
    .insert(payees)
    .values({ enterpriseId: scope.enterpriseId, ...input })
    .returning();
  await openFundsTask(tx, {
    type: 'FUNDS_PAYEE',
    refId: p.id,
    enterpriseId: scope.enterpriseId,
    submittedBy: by,
    subject: `定向支付收款方：${p.name}`,
    data: { payeeId: p.id, change: false, ...input },
    fields: fieldsOf(input),
  });
  return payeeView(p);
}

/** Changes a payee. An active payee keeps paying with its old details until the change is approved. */
export async function changePayee(tx: Tx, scope: EnterpriseScope, by: Submitter, payeeId: number, input: PayeeInput) {
  const p = await lockOwnPayee(tx, scope, payeeId);
  if (!p) throw new NotFoundError('收款方不存在');
  if (p.status === 'PENDING' || p.pendingChange) throw new BusinessError('该收款方正在审核中，请等待审核结果后再修改');
  if (p.status === 'DISABLED') throw new BusinessError('已停用的收款方不能修改，请重新添加');
  await refuseDuplicate(tx, scope, input.accountNo, p.id);
  let updated: Payee;
  if (p.status === 'REJECTED') {
    // A rejected application is corrected and submitted again.
    updated = await transition(tx, payees, payeeLifecycle, p, 'PENDING', { ...input, reviewNote: null, updatedAt: clock.now() });
  } else {
    [updated] = await tx.update(payees).set({ pendingChange: input, updatedAt: clock.now() }).where(eq(payees.id, p.id)).returning();
  }
  await openFundsTask(tx, {
    type: 'FUNDS_PAYEE',
    refId: p.id,
    enterpriseId: scope.enterpriseId,
    submittedBy: by,
    subject: `${p.status === 'ACTIVE' ? '变更' : '重新提交'}定向支付收款方：${input.name}`,
    data: {
      payeeId: p.id,
      change: p.status === 'ACTIVE',
      before: { name: p.name, bankName: p.bankName, accountNo: p.accountNo, relation: p.relation },
      ...input,
    },
    fields: [...(p.status === 'ACTIVE' ? [{ label: '原收款方', value: `${p.name} ${p.accountNo}` }] : []), ...fieldsOf(input)],
  });
  return payeeView(updated);
}

/** The enterprise stops paying a payee (no review needed to stop). */
export async function disablePayee(tx: Tx, scope: EnterpriseScope, payeeId: number) {
  const p = await lockOwnPayee(tx, scope, payeeId);
  if (p.status !== 'ACTIVE') throw new BusinessError('只有已生效的收款方可以停用');
  if (p.pendingChange) throw new BusinessError('该收款方有变更正在审核，请等待审核结果后再停用');
  return payeeView(await transition(tx, payees, payeeLifecycle, p, 'DISABLED', { updatedAt: clock.now() }));
}

/** A payee of the caller's enterprise, locked for the change; another enterprise's reads as none. */
async function lockOwnPayee(tx: Tx, scope: EnterpriseScope, payeeId: number) {
  const [p] = await tx
    .select()
    .from(payees)
    .where(and(eq(payees.id, payeeId), ownedBy(scope, payees.enterpriseId)))
    .for('update');
  if (!p) throw new NotFoundError('收款方不存在');
  return p;
}

/** Operator's decision on a payee application or change. */
export async function reviewPayee(tx: Tx, payeeId: number, operatorId: number, approve: boolean, note: string | null) {
  const [p] = await tx.select().from(payees).where(eq(payees.id, payeeId)).for('update');
  if (!p) throw new NotFoundError('收款方不存在');
  const now = clock.now();
  const before = payeeView(p);
  let updated: Payee;
  if (p.pendingChange) {
    [updated] = await tx
      .update(payees)
      .set({
        ...(approve ? p.pendingChange : {}),
        pendingChange: null,
        reviewNote: note,
        reviewedBy: operatorId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(payees.id, p.id))
      .returning();
  } else if (p.status === 'PENDING') {
    const to: PayeeStatus = approve ? 'ACTIVE' : 'REJECTED';
    updated = await transition(tx, payees, payeeLifecycle, p, to, {
      reviewNote: note,
      reviewedBy: operatorId,
      reviewedAt: now,
      updatedAt: now,
    });
  } else {
    throw new BusinessError('该收款方没有待审核的申请');
  }
  return { before, after: payeeView(updated) };
}

export async function listPayees(db: Db, scope: EnterpriseScope, q: PageQuery & { status?: PayeeStatus; name?: string }) {
  const where = and(
    ownedBy(scope, payees.enterpriseId),
    q.status ? eq(payees.status, q.status) : undefined,
    q.name ? sql`${payees.name} ilike ${`%${q.name.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const rows = await db.select().from(payees).where(where).orderBy(desc(payees.id)).limit(q.size).offset(offsetOf(q));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payees)
    .where(where);
  return { items: rows.map(payeeListView), totalCount: Number(n) };
}

/** One payee of the enterprise in full, for its owner (the change form starts from it). */
export async function payeeDetail(db: Db, scope: EnterpriseScope, payeeId: number) {
  const [p] = await db
    .select()
    .from(payees)
    .where(and(eq(payees.id, payeeId), ownedBy(scope, payees.enterpriseId)));
  if (!p) throw new NotFoundError('收款方不存在');
  return payeeView(p);
}

/** A payee of the enterprise that may be paid now, or a BusinessError saying why not. */
export async function activePayee(db: Db | Tx, scope: EnterpriseScope, payeeId: number) {
  const [p] = await db
    .select()
    .from(payees)
    .where(and(eq(payees.id, payeeId), ownedBy(scope, payees.enterpriseId)));
  if (!p) throw new NotFoundError('收款方不存在');
  if (p.status !== 'ACTIVE') throw new BusinessError(`收款方「${p.name}」${payeeLifecycle.label(p.status)}，不在生效的白名单中，不能付款`);
  return p;
}

/** The enterprise's payees that may be paid now (the whitelist in force), oldest first. */
export async function activePayees(db: Db | Tx, scope: EnterpriseScope) {
  return db
    .select()
    .from(payees)
    .where(and(ownedBy(scope, payees.enterpriseId), eq(payees.status, 'ACTIVE')))
    .orderBy(asc(payees.id));
}
