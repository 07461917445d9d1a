import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ledgerAccounts, platforms, users } from '../../db/schema/index.ts';
import { DEMO_PLATFORM_CODES } from '../../seed/supplyloan.ts';
import { acknowledgeReceived, actingOf, confirmOwed } from '../../seed/confirmations.ts';
import { DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { deposit, newKey } from '../ledger/testing.ts';

/** Test helpers for the supply-loan API tests: real calls through the routes, both roles. */

export const okOf = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => {
  const body = res.json();
  if (res.statusCode !== 200 || body.status !== 'OK') throw new Error(`expected OK, got ${res.statusCode} ${JSON.stringify(body)}`);
  return body.message as T;
};

export const refusal = (res: LightMyRequestResponse): string => {
  const body = res.json();
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  expect(body.status).toBe('ERROR');
  return body.message as string;
};

let invoiceSeq = 0;
/** A fresh invoice number per call (unique within a test file's database). */
export const nextInvoiceNumber = () => String(90_000_000 + ++invoiceSeq);

export interface Roles {
  demo: TestClient;
  operator: TestClient;
  /** The second operator: executes what the first approved (maker-checker). */
  checker: TestClient;
  enterpriseId: number;
  buyerEnterpriseId: number;
  supplyPlatformId: number;
  supplyLineId: number;
}

export async function roles(t: TestApp): Promise<Roles> {
  const demo = await t.loginAs('demo');
  const operator = await t.loginAs('operator');
  const checker = await t.loginAs('fuhe');
  const db = t.database.db;
  const [me] = await db.select().from(users).where(eq(users.loginName, 'demo'));
  const [buyer] = await db.select().from(users).where(eq(users.loginName, 'gouxiao'));
  const [platform] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.supply));
  const lines = okOf<{ id: number; platform: { id: number } }[]>(await demo.get('/api/supplyloan/creditLines'));
  const line = lines.find((l) => l.platform.id === platform.id)!;
  return {
    demo,
    operator,
    checker,
    enterpriseId: me.enterpriseId!,
    buyerEnterpriseId: buyer.enterpriseId!,
    supplyPlatformId: platform.id,
    supplyLineId: line.id,
  };
}

/** The pending task of a business record, as the operator's inbox lists it. */
export async function pendingTask(operator: TestClient, type: string, refId: number | string): Promise<number> {
  const list = okOf<{ items: { id: number; refId: string }[] }>(
    await operator.get('/api/bpm/tasks', { type, state: 'PENDING', size: 200 }),
  );
  const task = list.items.find((i) => i.refId === String(refId));
  if (!task) throw new Error(`no pending ${type} task for ${refId}`);
  return task.id;
}

export async function approveTask(operator: TestClient, type: string, refId: number | string, comment = '同意') {
  return operator.post(`/api/bpm/tasks/${await pendingTask(operator, type, refId)}/approve`, { comment });
}

export async function rejectTask(operator: TestClient, type: string, refId: number | string, reason = '资料不全，请补充') {
  return operator.post(`/api/bpm/tasks/${await pendingTask(operator, type, refId)}/reject`, { reason });
}

/** Registers an invoice to the core enterprise and has the operator verify it; returns its id. */
export async function verifiedInvoice(r: Roles, amount: number): Promise<number> {
  const inv = okOf<{ id: number }>(
    await r.demo.post('/api/supplyloan/invoices', {
      invoiceCode: '3100231130',
      invoiceNumber: nextInvoiceNumber(),
      issueDate: '2026-01-05',
      amount,
      taxAmount: 0,
      buyerEnterpriseId: r.buyerEnterpriseId,
    }),
  );
  okOf(await approveTask(r.operator, 'INVOICE_VERIFY', inv.id, '已查验'));
  return inv.id;
}

export async function signContract(t: TestApp, client: TestClient, contractId: number) {
  return client.post(`/api/contracts/${contractId}/sign`, { password: t.encrypt(DEMO_PASSWORD) });
}

export interface Applied {
  id: number;
  financingNo: string;
  contractId: number;
  interest: number;
  serviceFee: number;
  netAmount: number;
  dueDate: string;
  status: string;
}

/** Applies, signs, has the operator approve and the second operator disburse: a DISBURSED financing. */
export async function disbursedFinancing(
  t: TestApp,
  r: Roles,
  p: { amount: number; termDays: number; invoiceAmount?: number; creditLineId?: number },
) {
  const invoiceId = await verifiedInvoice(r, p.invoiceAmount ?? Math.ceil(p.amount / 0.8));
  const applied = okOf<Applied>(
    await r.demo.post(
      '/api/supplyloan/financings',
      {
        creditLineId: p.creditLineId ?? r.supplyLineId,
        invoiceIds: [invoiceId],
        amount: p.amount,
        termDays: p.termDays,
        idempotencyKey: newKey(),
      },
      { json: true },
    ),
  );
  okOf(await signContract(t, r.demo, applied.contractId));
  okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', applied.id));
  await clearAssignment(t, r, applied.id);
  const detail = okOf<{ schedule: { id: number }[] }>(await r.demo.get(`/api/supplyloan/financings/${applied.id}`));
  okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', detail.schedule[0].id, '放款'));
  return { ...applied, invoiceId, trancheId: detail.schedule[0].id };
}

/**
 * The debtor's part of an approved invoice financing (issue 36), so that its money may go out: the supplier
 * signs the notice of assignment drawn up at the approval (its contract list, with its password), the operator
 * countersigns it in the inbox (a disclosed platform's notice goes to the debtor at once), and the debtor —
 * 浙江远航 for the demo platforms, through its operations, so that no session of `gouxiao` a test holds is
 * replaced — confirms each invoice with its signed letter and acknowledges the notice.
 */
export async function clearAssignment(
  t: TestApp,
  r: Pick<Roles, 'operator'>,
  financingId: number,
  supplier: TestClient = (r as Roles).demo,
  debtorLogin = 'gouxiao',
) {
  const financing = okOf<{ financingNo: string }>(await supplier.get(`/api/supplyloan/financings/${financingId}`));
  const notices = okOf<{ items: { id: number; relatedId: string; relatedNo: string | null }[] }>(
    await supplier.get('/api/contracts', { type: 'ASSIGNMENT_NOTICE', status: 'TO_SIGN', size: 100 }),
  );
  const notice = notices.items.find(
    (c) => c.relatedNo === `ZR${financing.financingNo}` || c.relatedNo?.startsWith(`ZR${financing.financingNo}-`),
  );
  if (!notice) throw new Error(`no notice of assignment to sign for ${financing.financingNo}`);
  okOf(await signContract(t, supplier, notice.id));
  okOf(await approveTask(r.operator, 'ASSIGNMENT_NOTICE', notice.relatedId, '会签'));
  const debtor = await actingOf(t.database.db, debtorLogin);
  if (!debtor) throw new Error(`no debtor ${debtorLogin}`);
  await confirmOwed(t.database.db, financingId, debtor);
  await acknowledgeReceived(t.database.db, financingId, debtor);
}

/** Money arriving at the enterprise's virtual account from the bank (a real ledger posting). */

/** The cached balance of a factor account (RECEIVABLE_PRINCIPAL, INTEREST_INCOME, …). */
export async function factorBalance(t: TestApp, code: string): Promise<number> {
  const [row] = await t.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, code)));
  return row?.balance ?? 0;
}

export { deposit, newKey };
