import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financings, repayments } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { newKey, nextInvoiceNumber, okOf, roles, verifiedInvoice, type Roles } from './testing.ts';

// The supply-loan API on the shared contract (issue 9; issue 10 holes 6–8): money is integer cents
// and nothing else, ids stay within int4, text refuses control characters — a 400 naming the field,
// never a 500, and nothing changes. Every route documents its answers.

let t: TestApp;
let r: Roles;
// The first file of a worker builds the migrated, seeded template database: allow for a busy machine.
beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
}, 240_000);
afterAll(() => t.close());

const countOf = async (table: typeof financings | typeof repayments) => (await t.database.db.select().from(table)).length;

const expectFieldRefused = (res: { statusCode: number; json(): { status: string; field?: string; message: string } }, field: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json()).toMatchObject({ status: 'ERROR', field });
};

describe('money is integer cents, strictly', () => {
  it.each([['0x10'], ['1e3'], ['12.5'], [' '], ['-100']])(
    'an application amount of %j is refused naming the field; nothing is created',
    async (amount) => {
      const invoiceId = await verifiedInvoice(r, 1_000_000);
      const before = await countOf(financings);
      expectFieldRefused(
        await r.demo.post('/api/supplyloan/financings', {
          idempotencyKey: newKey(),
          creditLineId: r.supplyLineId,
          invoiceIds: [invoiceId],
          amount,
          termDays: 30,
        }),
        'amount',
      );
      expect(await countOf(financings)).toBe(before);
    },
  );

  it('a JSON repayment of true (which once repaid 1 cent) or 1.5 is refused before the password is checked', async () => {
    const [repaying] = await t.database.db.select().from(financings).where(eq(financings.status, 'REPAYING'));
    const before = await countOf(repayments);
    for (const amount of [true, 1.5, '1e3', 2 ** 53]) {
      const res = await r.demo.post(
        `/api/supplyloan/financings/${repaying.id}/repay`,
        { amount, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      );
      expectFieldRefused(res, 'amount');
    }
    expect(await countOf(repayments)).toBe(before);
  });

  it('invoice amount, tax, order amount, drawdown amount and requested limit use the same contract', async () => {
    const invoice = {
      invoiceCode: '3100231130',
      invoiceNumber: nextInvoiceNumber(),
      issueDate: '2026-01-05',
      buyerEnterpriseId: r.buyerEnterpriseId,
    };
    expectFieldRefused(await r.demo.post('/api/supplyloan/invoices', { ...invoice, amount: '0x10' }), 'amount');
    expectFieldRefused(await r.demo.post('/api/supplyloan/invoices', { ...invoice, amount: 100, taxAmount: '1e3' }), 'taxAmount');
    const order = { creditLineId: r.supplyLineId, orderNo: 'PO-CONTRACT-1', deliveryDate: '2026-03-01', amount: 100, termDays: 30 };
    expectFieldRefused(
      await r.demo.post('/api/supplyloan/orderLoans', { idempotencyKey: newKey(), ...order, orderAmount: true }, { json: true }),
      'orderAmount',
    );
    expectFieldRefused(await r.demo.post('/api/supplyloan/financings/1/drawdowns', { amount: '1e3', termDays: 30 }), 'amount');
    expectFieldRefused(
      await r.demo.post('/api/supplyloan/platforms/join', {
        idempotencyKey: newKey(),
        platformId: r.supplyPlatformId,
        requestedLimit: '0x10',
      }),
      'requestedLimit',
    );
  });
});

describe('ids stay within the int4 columns', () => {
  it('2^31 in a path, a body and a query string is a 400, not a database error', async () => {
    expectFieldRefused(await r.demo.get('/api/supplyloan/financings/2147483648'), 'id');
    expectFieldRefused(
      await r.demo.post('/api/supplyloan/trial', { creditLineId: 2 ** 31, amount: 100, termDays: 30 }, { json: true }),
      'creditLineId',
    );
    expectFieldRefused(await r.demo.get('/api/supplyloan/financings', { platformId: '2147483648' }), 'platformId');
    expectFieldRefused(await r.demo.get('/api/supplyloan/drawdowns', { financingId: '0x10' }), 'financingId');
    // The largest int4 id is valid and simply not found.
    expect((await r.demo.get('/api/supplyloan/financings/2147483647')).statusCode).toBe(404);
  });
});

describe('text refuses control characters', () => {
  it('a NUL byte in a body or a query is a 400 naming the field', async () => {
    const invoiceId = await verifiedInvoice(r, 1_000_000);
    const before = await countOf(financings);
    expectFieldRefused(
      await r.demo.post(
        '/api/supplyloan/financings',
        {
          idempotencyKey: newKey(),
          creditLineId: r.supplyLineId,
          invoiceIds: [invoiceId],
          amount: 100_000,
          termDays: 30,
          purpose: 'a\u0000b',
        },
        { json: true },
      ),
      'purpose',
    );
    expect(await countOf(financings)).toBe(before);
    expectFieldRefused(await r.demo.get('/api/supplyloan/invoices', { keyword: 'x\u0000' }), 'keyword');
    expectFieldRefused(
      await r.demo.post(
        '/api/supplyloan/orderLoans',
        {
          idempotencyKey: newKey(),
          creditLineId: r.supplyLineId,
          orderNo: 'PO\u0000',
          orderAmount: 100,
          deliveryDate: '2026-03-01',
          amount: 80,
          termDays: 30,
        },
        { json: true },
      ),
      'orderNo',
    );
  });
});

describe('another enterprise’s ids answer nothing', () => {
  it('every supply-loan route taking a financing, credit line or invoice id: 404 or an empty list, and nothing changes', async () => {
    const db = t.database.db;
    const [mine] = await db.select().from(financings).where(eq(financings.status, 'REPAYING'));
    const invoiceId = await verifiedInvoice(r, 1_000_000);
    const other = await t.loginAs('gouxiao');
    const [financingCount, repaymentCount] = [await countOf(financings), await countOf(repayments)];
    const id = mine.id;
    const notFound = [
      await other.get(`/api/supplyloan/financings/${id}`),
      await other.get(`/api/supplyloan/financings/${id}/quote`),
      await other.post(`/api/supplyloan/financings/${id}/cancel`),
      await other.post(
        `/api/supplyloan/financings/${id}/repay`,
        { amount: 100, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
      await other.post(`/api/supplyloan/financings/${id}/voucher`, {
        idempotencyKey: newKey(),
        amount: 100,
        voucherUploadId: 1,
        payerAccountName: '测试',
        payerAccountNo: '6222020200000000',
      }),
      await other.post(`/api/supplyloan/financings/${id}/extension`, {
        idempotencyKey: newKey(),
        newDueDate: '2030-01-01',
        reason: '资金周转',
      }),
      await other.post(`/api/supplyloan/financings/${id}/drawdowns`, { idempotencyKey: newKey(), amount: 100, termDays: 30 }),
      await other.post('/api/supplyloan/trial', { creditLineId: r.supplyLineId, amount: 100, termDays: 30 }),
      await other.post('/api/supplyloan/financings', {
        idempotencyKey: newKey(),
        creditLineId: r.supplyLineId,
        invoiceIds: [invoiceId],
        amount: 100,
        termDays: 30,
      }),
      await other.post('/api/supplyloan/orderLoans', {
        idempotencyKey: newKey(),
        creditLineId: r.supplyLineId,
        orderNo: 'PO-OTHER-1',
        orderAmount: 1000,
        deliveryDate: '2026-03-01',
        amount: 100,
        termDays: 30,
      }),
    ];
    expect(notFound.map((res) => res.statusCode)).toEqual(notFound.map(() => 404));
    const lists = [
      okOf<{ items: unknown[] }>(await other.get('/api/supplyloan/drawdowns', { financingId: id })).items,
      okOf<{ items: unknown[] }>(await other.get('/api/supplyloan/financings', { platformId: r.supplyPlatformId, status: 'REPAYING' }))
        .items,
      okOf<{ items: { id: number }[] }>(await other.get('/api/supplyloan/invoices', { size: 200 })).items.filter((i) => i.id === invoiceId),
      okOf<unknown[]>(await other.get('/api/supplyloan/creditLines')).filter((l) => (l as { id: number }).id === r.supplyLineId),
    ];
    expect(lists).toEqual([[], [], [], []]);
    expect([await countOf(financings), await countOf(repayments)]).toEqual([financingCount, repaymentCount]);
  });
});

describe('OpenAPI', () => {
  it('every supply-loan operation documents its answers', async () => {
    const doc = (await t.client().get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/supplyloan/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          op: `${method.toUpperCase()} ${path}`,
          documented: Boolean(op.responses?.['200']),
        })),
      );
    // 24, and issue 36's factoring money: a financing's collection, misdirected payments, the debtor's dues, the desk.
    expect(operations.length).toBe(28);
    expect(operations.filter((o) => !o.documented)).toEqual([]);
  });

  it('an answer carries timestamps as ISO text', async () => {
    const list = okOf<{ items: { createdAt: string }[] }>(await r.demo.get('/api/supplyloan/invoices', { size: 1 }));
    expect(list.items[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
