import { orderTotals } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CORE_BUYER, DEMO_SUPPLIER } from '../../seed/purchase-sales.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { ledgerFingerprint, ledgerProblems, newKey } from '../ledger/testing.ts';
import { collectThroughReview, payablePurchaseOrder, purchase, steel, type OrderLine as Line } from './testing.ts';

/**
 * Purchase and sales management (issue 16) against a real database with the demo world: `gouxiao`
 * has the feature, `demo` (上海鑫源) does not but is the counterparty of a two-sided order.
 */
let t: TestApp;
let gx: TestClient;
let demo: TestClient;
let op: TestClient;
/** The second operator (钱核): approves what `op` recorded (four eyes). */
let checker: TestClient;

type Answer<T = unknown> = { status: 'OK' | 'ERROR' | 'WARN'; message: T; code?: string };
const json = <T>(res: { json(): unknown }) => res.json() as Answer<T>;
const api = '/api/purchase-sales';

async function create(c: TestClient, body: Record<string, unknown>) {
  const res = json<{ id: number; orderNo: string }>(await c.post(`${api}/orders`, { ...body, idempotencyKey: newKey() }, { json: true }));
  expect(res).toMatchObject({ status: 'OK' });
  return res.message;
}
const detail = async (c: TestClient, id: number) => json<Record<string, any>>(await c.get(`${api}/orders/${id}`)).message; // eslint-disable-line @typescript-eslint/no-explicit-any
const confirm = (c: TestClient, id: number) => c.post(`${api}/orders/${id}/confirm`, {}, { json: true }).then(json);
const receiveAll = async (c: TestClient, id: number) => {
  const d = await detail(c, id);
  return json(
    await c.post(
      `${api}/orders/${id}/fulfil`,
      { idempotencyKey: newKey(), lines: d.lines.map((l: { id: number; quantity: string }) => ({ lineId: l.id, quantity: l.quantity })) },
      { json: true },
    ),
  );
};
const quote = async (id: number) =>
  json<{ payees: { id: number; name: string }[]; outstanding: number; fee: number; controlled: number; available: number }>(
    await gx.get(`${api}/orders/${id}/payment-quote`),
  );
/** A confirmed, received purchase order from the demo supplier, and its whitelisted payee (purchase-sales/testing.ts). */
const payableOrder = (lines: Line[] = [steel('10')]) => payablePurchaseOrder(gx, lines);
const pay = (c: TestClient, id: number, body: Record<string, unknown>) =>
  c
    .post(`${api}/orders/${id}/pay`, { password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey(), ...body }, { json: true })
    .then(json<Record<string, any>>); // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every table the module writes, and the ledger: "changes nothing" is one equality. */
async function fingerprint() {
  const r = (await t.database.db.execute(
    sql`select (select count(*) from ps_orders)::int o, (select coalesce(sum(paid_amount),0)::bigint from ps_orders) p, (select string_agg(status, ',' order by id) from ps_orders) s,
               (select count(*) from ps_order_lines)::int l, (select coalesce(string_agg(fulfilled::text, ',' order by id), '') from ps_order_lines) f, (select count(*) from ps_order_payments)::int y`,
  )) as unknown as { rows: unknown[] };
  return JSON.stringify(r.rows[0]) + (await ledgerFingerprint(t.database.db));
}

beforeAll(async () => {
  t = await createTestApp();
  [gx, demo, op, checker] = await Promise.all([t.loginAs('gouxiao'), t.loginAs('demo'), t.loginAs('operator'), t.loginAs('fuhe')]);
}, 300_000); // the demo world is seeded through the real services: slow on a loaded machine
afterAll(() => t.close());

describe('feature switch', () => {
  it('answers 403 to a user without the feature, before reading the body', async () => {
    expect((await demo.get(`${api}/goods`)).statusCode).toBe(403);
    const before = await fingerprint();
    const res = await demo.post(`${api}/orders`, { idempotencyKey: newKey(), junk: true }, { json: true });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('未开通购销管理，请联系平台运营人员');
    expect(await fingerprint()).toBe(before);
  });

  it('an operator switches it on (audited), the menu and API follow at the next call, and off again', async () => {
    const users = json<{ items: { id: number; loginName: string; enabled: boolean }[] }>(
      await op.get('/api/bpm/purchase-sales/users', { keyword: 'demo' }),
    ).message.items;
    const demoUser = users.find((u) => u.loginName === 'demo')!;
    expect(demoUser.enabled).toBe(false);
    const menuRoutes = async () => json<{ route: string }[]>(await demo.get('/api/menus')).message.map((m) => m.route);
    // Without the switch only the orders sent to it (issue 24): no targeted payment, no catalogue.
    expect(await menuRoutes()).not.toContain('/purchaseSalesManage/targetedPayment');
    expect((await op.post(`/api/bpm/purchase-sales/users/${demoUser.id}/feature`, { enabled: true }, { json: true })).statusCode).toBe(400); // the reason is required
    const on = json(
      await op.post(
        `/api/bpm/purchase-sales/users/${demoUser.id}/feature`,
        { enabled: true, reason: '客户申请开通购销管理' },
        { json: true },
      ),
    );
    expect(on).toMatchObject({ status: 'OK', message: { enabled: true } });
    expect(await menuRoutes()).toContain('/purchaseSalesManage/targetedPayment');
    expect((await demo.get(`${api}/goods`)).statusCode).toBe(200);
    expect(
      json(await op.post(`/api/bpm/purchase-sales/users/${demoUser.id}/feature`, { enabled: true, reason: '重复' }, { json: true })),
    ).toMatchObject({ status: 'ERROR', code: 'UNCHANGED' });
    const off = json(
      await op.post(`/api/bpm/purchase-sales/users/${demoUser.id}/feature`, { enabled: false, reason: '试用结束' }, { json: true }),
    );
    expect(off.status).toBe('OK');
    expect((await demo.get(`${api}/goods`)).statusCode).toBe(403);
    const log = json<{ reason: string; enabled: boolean; operatorName: string }[]>(
      await op.get('/api/bpm/purchase-sales/feature-log', { userId: demoUser.id }),
    ).message;
    expect(log.map((l) => [l.enabled, l.reason])).toEqual([
      [false, '试用结束'],
      [true, '客户申请开通购销管理'],
    ]);
    // Enterprise users cannot reach the switch.
    expect(
      (await gx.post(`/api/bpm/purchase-sales/users/${demoUser.id}/feature`, { enabled: true, reason: 'x' }, { json: true })).statusCode,
    ).toBe(403);
  });
});

describe('orders, totals and lifecycle', () => {
  it('prices lines exactly on the server and refuses a total that does not match', async () => {
    const lines: Line[] = [
      steel('2.125', 333_333),
      { goodsName: '仓储服务', unit: '月', quantity: '1', unitPrice: 1_200_000, taxRatePpm: 60_000 },
    ];
    const o = await create(gx, purchase(lines));
    const d = await detail(gx, o.id);
    expect(d.lines.map((l: { amount: number; tax: number; total: number }) => [l.amount, l.tax, l.total])).toEqual([
      [708_333, 92_083, 800_416],
      [1_200_000, 72_000, 1_272_000],
    ]);
    expect(d).toMatchObject({ amount: 1_908_333, tax: 164_083, totalAmount: 2_072_416, status: 'DRAFT', kind: 'PURCHASE', owner: true });
    expect(o.orderNo).toMatch(/^CG\d{8}\d{6}$/);

    const before = await fingerprint();
    const wrong = json(
      await gx.post(`${api}/orders`, purchase(lines, { totalAmount: 2_072_415, idempotencyKey: newKey() }), { json: true }),
    );
    expect(wrong).toMatchObject({ status: 'ERROR', code: 'TOTAL_MISMATCH' });
    expect(wrong.message).toContain('订单合计与明细不符');
    expect(await fingerprint()).toBe(before);
  });

  it.each([
    ['zero quantity', [steel('0')], '数量必须大于0'],
    ['negative quantity', [steel('-3')], '数量必须大于0'],
    ['too many decimals', [steel('1.2345')], '最多 3 位小数'],
    ['zero price', [steel('1', 0)], '单价必须大于0'],
    ['negative price', [steel('1', -100)], '单价必须大于0'],
    ['fraction of a cent', [steel('1', 10.5)], '以分为单位'],
  ])('refuses %s with a 400 naming the field and changes nothing', async (_name, lines, message) => {
    const before = await fingerprint();
    const res = await gx.post(`${api}/orders`, { idempotencyKey: newKey(), ...purchase([steel('1')]), lines }, { json: true });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('lines.0');
    expect(JSON.stringify(res.json())).toMatch(new RegExp(message.replace(/[()]/g, '.')));
    expect(await fingerprint()).toBe(before);
  });

  it('an off-portal counterparty needs its bank account', async () => {
    const res = await gx.post(`${api}/orders`, purchase([steel('1')], { counterpartyAccountNo: '' }), { json: true });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('开户银行和银行账号');
  });

  it('runs DRAFT → CONFIRMED → (partial) RECEIVED and refuses confirming twice or cancelling after receipt', async () => {
    const o = await create(gx, purchase([steel('10'), steel('2.5')]));
    expect(await confirm(gx, o.id)).toMatchObject({ status: 'OK', message: { status: 'CONFIRMED', statusLabel: '已确认' } });
    const before = await fingerprint();
    expect(await confirm(gx, o.id)).toMatchObject({ status: 'ERROR', code: 'INVALID_TRANSITION' });
    expect(await fingerprint()).toBe(before);

    const d = await detail(gx, o.id);
    const part = json(
      await gx.post(
        `${api}/orders/${o.id}/fulfil`,
        { idempotencyKey: newKey(), lines: [{ lineId: d.lines[0].id, quantity: '4.25' }] },
        { json: true },
      ),
    );
    expect(part).toMatchObject({ status: 'OK', message: { status: 'CONFIRMED', complete: false } });
    const over = json(
      await gx.post(
        `${api}/orders/${o.id}/fulfil`,
        { idempotencyKey: newKey(), lines: [{ lineId: d.lines[0].id, quantity: '5.751' }] },
        { json: true },
      ),
    );
    expect(over).toMatchObject({ status: 'ERROR', code: 'INVALID_QUANTITY' });
    expect(json(await gx.post(`${api}/orders/${o.id}/cancel`, { reason: '不要了' }, { json: true }))).toMatchObject({
      status: 'ERROR',
      code: 'ALREADY_STARTED',
    });
    const rest = json(
      await gx.post(
        `${api}/orders/${o.id}/fulfil`,
        {
          idempotencyKey: newKey(),
          lines: [
            { lineId: d.lines[0].id, quantity: '5.75' },
            { lineId: d.lines[1].id, quantity: '2.5' },
          ],
        },
        { json: true },
      ),
    );
    expect(rest).toMatchObject({ status: 'OK', message: { status: 'RECEIVED', statusLabel: '已收货', complete: true } });
    const after = await detail(gx, o.id);
    expect(after.lines.map((l: { fulfilled: string }) => l.fulfilled)).toEqual(['10', '2.5']);
    expect(after.events.map((e: { action: string }) => e.action)).toEqual(['收货完成', '部分收货', '确认订单', '创建草稿']);
  });

  it('a two-sided order is one order seen from both sides; only the counterparty confirms it', async () => {
    // Give 上海鑫源 the feature for this test (the switch is tested above).
    const demoId = json<{ items: { id: number; loginName: string }[] }>(
      await op.get('/api/bpm/purchase-sales/users', { keyword: 'demo' }),
    ).message.items.find((u) => u.loginName === 'demo')!.id;
    await op.post(`/api/bpm/purchase-sales/users/${demoId}/feature`, { enabled: true, reason: '双边订单测试' }, { json: true });
    const [cp] = json<{ id: number; name: string }[]>(await gx.get(`${api}/counterparties`, { name: '上海鑫源' })).message;
    const o = await create(
      gx,
      purchase([steel('3')], {
        counterpartyEnterpriseId: cp.id,
        counterpartyName: cp.name,
        counterpartyBankName: '',
        counterpartyAccountNo: '',
      }),
    );
    // The draft is private to its owner.
    expect((await demo.get(`${api}/orders/${o.id}`)).statusCode).toBe(404);
    expect(await confirm(gx, o.id)).toMatchObject({ status: 'OK', message: { status: 'SUBMITTED' } });
    expect(json(await gx.post(`${api}/orders/${o.id}/accept`, {}, { json: true }))).toMatchObject({ status: 'ERROR', code: 'OWN_ORDER' });
    const seen = await detail(demo, o.id);
    expect(seen).toMatchObject({
      kind: 'SALES',
      owner: false,
      counterpartyName: '浙江远航供应链管理有限公司',
      status: 'SUBMITTED',
      actions: { counterpartyConfirm: true, edit: false },
    });
    expect(json(await demo.post(`${api}/orders/${o.id}/accept`, {}, { json: true }))).toMatchObject({
      status: 'OK',
      message: { status: 'CONFIRMED' },
    });
    expect(json(await demo.post(`${api}/orders/${o.id}/accept`, {}, { json: true }))).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_TRANSITION',
    });
    expect((await detail(gx, o.id)).status).toBe('CONFIRMED');
    // The seller delivers; the order reaches DELIVERED for both.
    expect(await receiveAll(demo, o.id)).toMatchObject({ status: 'OK', message: { status: 'DELIVERED' } });
    expect((await detail(gx, o.id)).statusLabel).toBe('已发货');
    await op.post(`/api/bpm/purchase-sales/users/${demoId}/feature`, { enabled: false, reason: '测试结束' }, { json: true });
  });
});

describe('a counterparty without the switch (issue 24: an order sent to 上海鑫源 waited at 待对方确认 forever)', () => {
  type Row = { id: number; owner: boolean; status: string; actions: Record<string, boolean> };
  const toConfirm = async (c: TestClient) => json<{ count: number }>(await c.get(`${api}/to-confirm`)).message.count;

  it('sees the order on its home to-do and in its list, confirms or sends it back, and nothing else of the feature', async () => {
    const before = await toConfirm(demo);
    const [cp] = json<{ id: number; name: string }[]>(await gx.get(`${api}/counterparties`, { name: '上海鑫源' })).message;
    const o = await create(
      gx,
      purchase([steel('2')], {
        counterpartyEnterpriseId: cp.id,
        counterpartyName: cp.name,
        counterpartyBankName: '',
        counterpartyAccountNo: '',
      }),
    );
    expect((await demo.get(`${api}/orders/${o.id}`)).statusCode).toBe(404); // a draft stays its owner's
    expect(await confirm(gx, o.id)).toMatchObject({ status: 'OK', message: { status: 'SUBMITTED' } });

    // The to-do on its home page and the overview's notice count it.
    expect(await toConfirm(demo)).toBe(before + 1);
    expect(json<{ toConfirm: number }>(await demo.get(`${api}/overview`)).message.toConfirm).toBe(before + 1);
    // Its list holds only orders another enterprise sent to it, each to confirm or send back at most.
    const list = json<{ items: Row[] }>(await demo.get(`${api}/orders`, { page: 1, size: 200 })).message.items;
    expect(list.map((r) => r.id)).toContain(o.id);
    for (const r of list) {
      expect(r.owner).toBe(false);
      expect(r.status).not.toBe('DRAFT');
      expect(Object.entries(r.actions).filter(([k, v]) => v && k !== 'counterpartyConfirm')).toEqual([]);
    }
    expect((await detail(demo, o.id)).actions).toMatchObject({ counterpartyConfirm: true, fulfil: false, pay: false, collect: false });
    // gouxiao's own orders with others are not its business.
    const gxOnly = json<{ items: Row[] }>(await gx.get(`${api}/orders`, { page: 1, size: 200 })).message.items.filter(
      (r) => !list.some((d) => d.id === r.id),
    );
    expect(gxOnly.length).toBeGreaterThan(0);
    for (const r of gxOnly.slice(0, 5)) expect((await demo.get(`${api}/orders/${r.id}`)).statusCode).toBe(404);

    // Sent back with a reason, it is gouxiao's draft again; sent once more, 上海鑫源 confirms it.
    expect(json(await demo.post(`${api}/orders/${o.id}/return`, {}, { json: true }))).toMatchObject({ code: 'REASON_REQUIRED' });
    expect(json(await demo.post(`${api}/orders/${o.id}/return`, { reason: '单价待核对' }, { json: true }))).toMatchObject({
      status: 'OK',
      message: { status: 'DRAFT' },
    });
    expect(await toConfirm(demo)).toBe(before);
    expect(await confirm(gx, o.id)).toMatchObject({ status: 'OK', message: { status: 'SUBMITTED' } });
    expect(json(await demo.post(`${api}/orders/${o.id}/accept`, {}, { json: true }))).toMatchObject({
      status: 'OK',
      message: { status: 'CONFIRMED' },
    });
    expect((await detail(gx, o.id)).status).toBe('CONFIRMED');
    expect(await toConfirm(demo)).toBe(before);
    expect((await detail(demo, o.id)).actions).toMatchObject({ counterpartyConfirm: false, fulfil: false });

    // Everything else of the feature still answers 403, before reading the body.
    const fp = await fingerprint();
    for (const res of [
      await demo.post(`${api}/orders/${o.id}/fulfil`, { idempotencyKey: newKey(), lines: [] }, { json: true }),
      await demo.post(`${api}/orders/${o.id}/attachments`, { uploadIds: [1] }, { json: true }),
      await demo.post(`${api}/orders/${o.id}/cancel`, {}, { json: true }),
      await demo.get(`${api}/orders/${o.id}/payment-quote`),
      await demo.get(`${api}/counterparties`, { name: '浙江远航' }),
    ])
      expect(res.statusCode).toBe(403);
    expect(await fingerprint()).toBe(fp);
  });

  it('an enterprise no order was sent to sees an empty list and nothing to confirm', async () => {
    const cangchu = await t.loginAs('cangchu');
    expect(await toConfirm(cangchu)).toBe(0);
    expect(json<{ items: Row[]; totalCount: number }>(await cangchu.get(`${api}/orders`)).message.totalCount).toBe(0);
  });
});

describe('targeted payment of a purchase order', () => {
  it('pays the outstanding amount (no controlled funds yet: all from free funds) with the fee, and the order becomes PAID', async () => {
    const { order, payeeId, outstanding } = await payableOrder([steel('1')]);
    const q = (await quote(order.id)).message;
    expect(q.payees.map((p) => p.name)).toEqual([DEMO_SUPPLIER.name]);
    expect(q.fee).toBe(2000);
    const res = await pay(gx, order.id, { payeeId, amount: outstanding });
    expect(res).toMatchObject({
      status: 'OK',
      message: {
        amount: outstanding,
        fromControlled: q.controlled > outstanding ? outstanding : q.controlled,
        fee: 2000,
        outstanding: 0,
        status: 'PAID',
      },
    });
    const balance = json<{ available: number }>(await gx.get('/api/account/v2/queryAccountBalance')).message;
    expect(balance.available).toBe(q.available - res.message.fromFree - 2000);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
    const d = await detail(gx, order.id);
    expect(d.payments[0]).toMatchObject({ direction: 'PAYMENT', method: 'TARGETED', amount: outstanding, payeeName: DEMO_SUPPLIER.name });
    expect(d.actions.close).toBe(true);
  });

  it('refuses bad payments and changes nothing', async () => {
    const { order, payeeId, outstanding } = await payableOrder([steel('2')]);
    // A payee of the enterprise that is not active (pending review).
    const pending = json<{ id: number }>(
      await gx.post(
        '/api/funds/payees',
        {
          idempotencyKey: newKey(),
          name: DEMO_SUPPLIER.name,
          bankName: '中国银行无锡分行',
          accountNo: '6216600100001234567',
          relation: 'UPSTREAM',
        },
        { json: true },
      ),
    ).message;
    const draft = (await t.database.db.execute(
      sql`select id from ps_orders where status = 'DRAFT' and owner_enterprise_id = (select enterprise_id from users where login_name = 'gouxiao') limit 1`,
    )) as unknown as { rows: { id: number }[] };
    const sales = json<{ items: { id: number }[] }>(await gx.get(`${api}/orders`, { kind: 'SALES', status: 'CONFIRMED' })).message.items[0];
    const before = await fingerprint();
    expect(await pay(gx, order.id, { payeeId, amount: outstanding + 1 })).toMatchObject({ status: 'ERROR', code: 'PAYMENT_REFUSED' });
    expect((await pay(gx, order.id, { payeeId, amount: outstanding + 1 })).message).toContain('支付金额超过订单未付金额');
    expect((await pay(gx, order.id, { payeeId: pending.id, amount: 100 })).message).toContain('不在生效的白名单中');
    expect((await pay(gx, order.id, { payeeId, amount: 100, password: t.encrypt('Wrong@2026') })).message).toContain('登录密码不正确');
    expect(await pay(gx, draft.rows[0].id, { payeeId, amount: 100 })).toMatchObject({ status: 'ERROR', code: 'NOT_PAYABLE' });
    expect(await pay(gx, sales.id, { payeeId, amount: 100 })).toMatchObject({ status: 'ERROR', code: 'NOT_BUYER' });
    // Another enterprise (上海鑫源, given the feature for a moment) cannot pay, or even see, 浙江远航's order.
    const demoId = json<{ items: { id: number; loginName: string }[] }>(
      await op.get('/api/bpm/purchase-sales/users', { keyword: 'demo' }),
    ).message.items.find((u) => u.loginName === 'demo')!.id;
    await op.post(`/api/bpm/purchase-sales/users/${demoId}/feature`, { enabled: true, reason: '越权测试' }, { json: true });
    const foreign = await demo.post(
      `${api}/orders/${order.id}/pay`,
      { payeeId, amount: 100, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
      { json: true },
    );
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe('订单不存在');
    await op.post(`/api/bpm/purchase-sales/users/${demoId}/feature`, { enabled: false, reason: '测试结束' }, { json: true });
    const zero = await gx.post(
      `${api}/orders/${order.id}/pay`,
      { payeeId, amount: 0, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
      { json: true },
    );
    expect(zero.statusCode).toBe(400);
    expect(await fingerprint()).toBe(before);
  });

  it("refuses a whitelisted payee that is not the order's supplier", async () => {
    const { order } = await payableOrder([steel('1')]);
    const all = json<{ items: { id: number; name: string; status: string }[] }>(await gx.get('/api/funds/payees', { status: 'ACTIVE' }))
      .message.items;
    const other = all.find((p) => p.name !== DEMO_SUPPLIER.name)!;
    const before = await fingerprint();
    expect(await pay(gx, order.id, { payeeId: other.id, amount: 100 })).toMatchObject({ status: 'ERROR', code: 'PAYEE_MISMATCH' });
    expect(await fingerprint()).toBe(before);
  });

  it('repeating the idempotency key pays once', async () => {
    const { order, payeeId } = await payableOrder([steel('1')]);
    const key = newKey();
    const password = t.encrypt(DEMO_PASSWORD);
    const a = json(
      await gx.post(`${api}/orders/${order.id}/pay`, { payeeId, amount: 10_000, password, idempotencyKey: key }, { json: true }),
    );
    const b = json(
      await gx.post(`${api}/orders/${order.id}/pay`, { payeeId, amount: 10_000, password, idempotencyKey: key }, { json: true }),
    );
    expect(b).toEqual(a);
    expect((await detail(gx, order.id)).paidAmount).toBe(10_000);
  });

  it(`two concurrent payments that together exceed the outstanding amount: exactly one wins (${process.env.TEST_DB ?? 'pglite'})`, async () => {
    const { order, payeeId, outstanding } = await payableOrder([steel('1')]);
    const each = Math.floor(outstanding * 0.6);
    const [a, b] = await Promise.all([pay(gx, order.id, { payeeId, amount: each }), pay(gx, order.id, { payeeId, amount: each })]);
    const results = [a, b];
    expect(results.filter((r) => r.status === 'OK')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'ERROR')!;
    expect(refused.message).toContain('支付金额超过订单未付金额');
    const d = await detail(gx, order.id);
    expect(d.paidAmount).toBe(each);
    expect(d.payments).toHaveLength(1);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('order-backed financing', () => {
  it('lists a confirmed sales order to the core enterprise for the order loan and takes its figures', async () => {
    const lines = [{ goodsName: '螺纹钢', unit: '吨', quantity: '10', unitPrice: 370_000, taxRatePpm: 130_000 }];
    const o = await create(gx, {
      kind: 'SALES',
      counterpartyName: DEMO_CORE_BUYER,
      counterpartyBankName: '中国建设银行南京城南支行',
      counterpartyAccountNo: '32001881236052512345',
      deliveryDate: '2026-12-20',
      lines,
      totalAmount: orderTotals(lines).total,
    });
    await confirm(gx, o.id);
    const lineRes = json<{ id: number; platform: { code: string } }[]>(await gx.get('/api/supplyloan/creditLines'));
    const zj = (lineRes.message as { id: number; platform: { code: string } }[]).find((l) => l.platform.code === 'ZJ-SUPPLY')!;
    expect(zj).toBeTruthy();
    const picks = json<{ id: number; orderNo: string; totalAmount: number; deliveryDate: string }[]>(
      await gx.get(`${api}/financeable-orders`, { creditLineId: zj.id }),
    ).message;
    const pick = picks.find((p) => p.id === o.id)!;
    expect(pick).toMatchObject({ orderNo: o.orderNo, totalAmount: orderTotals(lines).total, deliveryDate: '2026-12-20' });
    const base = { creditLineId: zj.id, orderNo: pick.orderNo, deliveryDate: pick.deliveryDate, amount: 1_000_000, termDays: 60 };
    const typedWrong = json(
      await gx.post(
        '/api/supplyloan/orderLoans',
        { idempotencyKey: newKey(), ...base, orderAmount: pick.totalAmount + 100 },
        { json: true },
      ),
    );
    expect(typedWrong).toMatchObject({ status: 'ERROR', code: 'ORDER_AMOUNT_MISMATCH' });
    const applied = json<{ financingNo: string }>(
      await gx.post('/api/supplyloan/orderLoans', { idempotencyKey: newKey(), ...base, orderAmount: pick.totalAmount }, { json: true }),
    );
    expect(applied.status).toBe('OK');
    const d = await detail(gx, o.id);
    expect(d.financing).toMatchObject({ financingNo: applied.message.financingNo, status: 'SUBMITTED' });
    expect(d.actions).toMatchObject({ collect: false });
    expect(d.events[0].action).toBe('申请订单融资');
    expect(
      json<unknown[]>(await gx.get(`${api}/financeable-orders`, { creditLineId: zj.id })).message.some(
        (p) => (p as { id: number }).id === o.id,
      ),
    ).toBe(false);
    // The seller may not record its own collection of a financed order.
    expect(
      json(await gx.post(`${api}/orders/${o.id}/collections`, { amount: 100, idempotencyKey: newKey() }, { json: true })),
    ).toMatchObject({ status: 'ERROR', code: 'ORDER_FINANCED' });
  });

  /** A confirmed sales order to the core buyer, financed by an order loan whose 50,000.00 tranche is disbursed as controlled funds. */
  async function disbursedOrderLoan(deliveryDate: string) {
    const lines = [{ goodsName: '螺纹钢', unit: '吨', quantity: '20', unitPrice: 370_000, taxRatePpm: 130_000 }];
    const total = orderTotals(lines).total; // 83,620.00
    const o = await create(gx, {
      kind: 'SALES',
      counterpartyName: DEMO_CORE_BUYER,
      counterpartyBankName: '中国建设银行南京城南支行',
      counterpartyAccountNo: '32001881236052512345',
      deliveryDate,
      lines,
      totalAmount: total,
    });
    await confirm(gx, o.id);
    const zj = json<{ id: number; platform: { code: string } }[]>(await gx.get('/api/supplyloan/creditLines')).message.find(
      (l) => l.platform.code === 'ZJ-SUPPLY',
    )!;
    const loan = json<{ id: number; contractId: number }>(
      await gx.post(
        '/api/supplyloan/orderLoans',
        {
          idempotencyKey: newKey(),
          creditLineId: zj.id,
          orderNo: o.orderNo,
          orderAmount: total,
          deliveryDate,
          amount: 5_000_000,
          termDays: 60,
        },
        { json: true },
      ),
    );
    expect(loan.status).toBe('OK');
    const task = async (type: string, refId: number) =>
      json<{ items: { id: number; refId: string }[] }>(
        await op.get('/api/bpm/tasks', { type, state: 'PENDING', size: 200 }),
      ).message.items.find((i) => i.refId === String(refId))!.id;
    expect(
      json(await op.post(`/api/bpm/tasks/${await task('FINANCING_APPROVAL', loan.message.id)}/approve`, { comment: '同意' })).status,
    ).toBe('OK');
    expect(json(await gx.post(`/api/contracts/${loan.message.contractId}/sign`, { password: t.encrypt(DEMO_PASSWORD) })).status).toBe('OK');
    const draw = json<{ trancheId: number }>(
      await gx.post(`/api/supplyloan/financings/${loan.message.id}/drawdowns`, {
        idempotencyKey: newKey(),
        amount: 5_000_000,
        termDays: 30,
      }),
    );
    expect(draw.status).toBe('OK');
    expect(
      json(
        // Maker-checker: the second operator disburses what the first approved.
        await checker.post(`/api/bpm/tasks/${await task('FINANCING_DISBURSE', draw.message.trancheId)}/approve`, {
          comment: '放款',
        }),
      ).status,
    ).toBe('OK');
    return { o, total, loan };
  }

  it("the factor's collection of a financed sales order repays the disbursed order loan first, the rest is the seller's", async () => {
    const { o, total, loan } = await disbursedOrderLoan('2026-12-21');
    const owed = json<{ quote: { total: number; interestRefund: number }; status: string }>(
      await gx.get(`/api/supplyloan/financings/${loan.message.id}`),
    ).message;
    expect(owed.status).toBe('DISBURSED');
    expect(owed.quote.total).toBeGreaterThanOrEqual(5_000_000);
    // Settled before its due date: the upfront interest of the days not used comes back (issue 37 item 10).
    expect(owed.quote.interestRefund).toBeGreaterThan(0);
    const balance = async () =>
      json<{ available: number; controlled: number }>(await gx.get('/api/account/v2/queryAccountBalance')).message;
    const before = await balance();

    // Recorded by one operator, credited when the second approves (four eyes).
    const res = await collectThroughReview(op, checker, o.id, { amount: total, payerName: DEMO_CORE_BUYER });
    expect(res).toMatchObject({ loanRepaid: owed.quote.total, outstanding: 0 });
    const after = json<{ status: string; financingNo: string }>(await gx.get(`/api/supplyloan/financings/${loan.message.id}`)).message;
    expect(after.status).toBe('SETTLED');
    expect(res.submitted.repaysFinancingNo).toBe(after.financingNo);
    // The loan is settled: what is left of its controlled funds is free again (受控资金释放).
    const end = await balance();
    const released = before.controlled - end.controlled;
    expect(released).toBeGreaterThan(0);
    expect(end.available).toBe(before.available + total - owed.quote.total + released + owed.quote.interestRefund);
    const d = await detail(gx, o.id);
    expect(d.payments[0]).toMatchObject({ method: 'FACTOR_COLLECTION', amount: total, loanRepaid: owed.quote.total });
    expect(d.events[0].note).toContain('优先归还订单融资');
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('with controlled funds from the loan, a targeted payment spends them first and takes only the rest from free funds', async () => {
    const balance = async () =>
      json<{ available: number; controlled: number }>(await gx.get('/api/account/v2/queryAccountBalance')).message;
    await disbursedOrderLoan('2026-12-22');
    const start = await balance();
    expect(start.controlled).toBeGreaterThan(0); // the order loan's tranche was disbursed as controlled funds
    const { order, payeeId, outstanding } = await payableOrder([steel('20')]);
    expect(outstanding).toBeGreaterThan(start.controlled);
    const res = await pay(gx, order.id, { payeeId, amount: outstanding });
    expect(res).toMatchObject({
      status: 'OK',
      message: { fromControlled: start.controlled, fromFree: outstanding - start.controlled, fee: 2000, status: 'PAID' },
    });
    expect(res.message.refNos).toHaveLength(2);
    const end = await balance();
    expect(end).toMatchObject({ controlled: 0, available: start.available - (outstanding - start.controlled) - 2000 });
    const tranches = json<{ items: { payments: { purpose: string | null }[] }[] }>(await gx.get('/api/funds/controlled')).message.items;
    expect(tranches.flatMap((t) => t.payments).some((p) => p.purpose === `采购订单 ${order.orderNo}`)).toBe(true);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it("the factor's collection of a sales order credits the seller and settles the order", async () => {
    const lines = [{ goodsName: '螺纹钢', unit: '吨', quantity: '1', unitPrice: 370_000, taxRatePpm: 130_000 }];
    const o = await create(gx, {
      kind: 'SALES',
      counterpartyName: '杭州临平建工集团有限公司',
      counterpartyBankName: '杭州银行',
      counterpartyAccountNo: '3301040160012345678',
      deliveryDate: '2026-12-20',
      lines,
      totalAmount: orderTotals(lines).total,
    });
    await confirm(gx, o.id);
    await receiveAll(gx, o.id);
    const before = json<{ available: number }>(await gx.get('/api/account/v2/queryAccountBalance')).message.available;
    const found = json<{ id: number; outstanding: number }[]>(
      await op.get('/api/bpm/purchase-sales/orders', { orderNo: o.orderNo }),
    ).message;
    expect(found[0].outstanding).toBe(418_100);
    const res = await collectThroughReview(op, checker, o.id, { amount: 418_100, payerName: '杭州临平建工集团有限公司' });
    expect(res).toMatchObject({ loanRepaid: 0, outstanding: 0, status: 'PAID' });
    expect(json<{ available: number }>(await gx.get('/api/account/v2/queryAccountBalance')).message.available).toBe(before + 418_100);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('four eyes on money entering: a factor collection (issue 21)', () => {
  it("one operator's collection credits nothing until a second operator approves; the recorder may not approve; a rejection credits nothing", async () => {
    // A sales order of 2 t × ¥3,700.00 + 13 % VAT = ¥8,362.00 to a buyer off the portal, confirmed.
    const lines = [{ goodsName: '螺纹钢', unit: '吨', quantity: '2', unitPrice: 370_000, taxRatePpm: 130_000 }];
    const o = await create(gx, {
      kind: 'SALES',
      counterpartyName: '杭州临平建工集团有限公司',
      counterpartyBankName: '杭州银行',
      counterpartyAccountNo: '3301040160012345678',
      deliveryDate: '2026-12-22',
      lines,
      totalAmount: orderTotals(lines).total,
    });
    expect(await confirm(gx, o.id)).toMatchObject({ status: 'OK', message: { status: 'CONFIRMED' } });
    const available = async () => json<{ available: number }>(await gx.get('/api/account/v2/queryAccountBalance')).message.available;
    const start = await available();
    const collect = (amount: number, key = newKey()) =>
      op
        .post(
          `/api/bpm/purchase-sales/orders/${o.id}/collection`,
          { amount, payerName: '杭州临平建工集团有限公司', idempotencyKey: key },
          { json: true },
        )
        .then(json<{ kind: string; status: string; taskId: number }>);
    const pending = async () =>
      json<{ totalCount: number }>(await op.get('/api/bpm/tasks', { type: 'PS_FACTOR_COLLECTION', state: 'PENDING' })).message.totalCount;
    const decide = (c: TestClient, taskId: number, how: 'approve' | 'reject' | 'claim', body: Record<string, unknown> = {}) =>
      c.post(`/api/bpm/tasks/${taskId}/${how}`, body, { json: true }).then(json);

    // Recorded by one operator: a task awaiting review, not money — the order, its payments and the ledger unchanged.
    const before = await fingerprint();
    const tasksBefore = await pending();
    const key = newKey();
    const recorded = await collect(836_200, key);
    expect(recorded).toMatchObject({
      status: 'OK',
      message: {
        kind: 'FACTOR_COLLECTION',
        status: 'PENDING_REVIEW',
        orderId: o.id,
        orderNo: o.orderNo,
        sellerName: '浙江远航供应链管理有限公司',
        amount: 836_200,
        repaysFinancingNo: null,
        taskId: expect.any(Number),
      },
    });
    const taskId = recorded.message.taskId;
    expect(await fingerprint()).toBe(before);
    expect(await available()).toBe(start);
    expect(await pending()).toBe(tasksBefore + 1);
    // The same key again answers the same task and opens no other.
    expect(await collect(836_200, key)).toEqual(recorded);
    expect(await pending()).toBe(tasksBefore + 1);
    // What the order cannot take is refused now, with the posting's own message, and opens nothing.
    expect(await collect(836_201)).toMatchObject({
      status: 'ERROR',
      code: 'OVERPAY',
      message: '回款金额超过订单未收金额（未收 8,362.00 元）',
    });
    expect(await pending()).toBe(tasksBefore + 1);

    // The inbox shows it in words; the operator who recorded it may neither approve nor claim it.
    const task = json<{
      type: string;
      typeLabel: string;
      fields: { label: string; value: string }[];
      facts: { label: string; value: string }[];
      fourEyes: { blockedReason: string };
    }>(await op.get(`/api/bpm/tasks/${taskId}`)).message;
    expect(task).toMatchObject({ type: 'PS_FACTOR_COLLECTION', typeLabel: '购销回款入账复核' });
    expect(task.fields).toEqual(
      expect.arrayContaining([
        { label: '订单号', value: o.orderNo },
        { label: '卖方企业（入账）', value: '浙江远航供应链管理有限公司' },
        { label: '买方', value: '杭州临平建工集团有限公司' },
        { label: '金额', value: '¥8,362.00' },
        { label: '付款人', value: '杭州临平建工集团有限公司' },
        { label: '优先归还订单融资', value: '否' },
      ]),
    );
    expect(task.facts).toEqual([
      { label: '订单当前状态', value: '已确认' },
      { label: '订单当前未收', value: '¥8,362.00' },
    ]);
    expect(task.fourEyes.blockedReason).toContain('须由另一位操作员');
    for (const how of ['approve', 'claim'] as const)
      expect(await decide(op, taskId, how)).toMatchObject({ status: 'ERROR', code: 'MAKER_CHECKER' });
    expect(await fingerprint()).toBe(before);

    // The second operator finds no such payment at the bank and rejects it: nothing is credited, and it stays rejected.
    expect(await decide(checker, taskId, 'reject', { reason: '银行未见到账' })).toMatchObject({
      status: 'OK',
      message: { state: 'REJECTED' },
    });
    expect(await decide(checker, taskId, 'approve')).toMatchObject({ status: 'ERROR' });
    expect(await fingerprint()).toBe(before);
    expect(await available()).toBe(start);

    // Two real receipts recorded side by side, each within what the order still owes.
    const first = (await collect(500_000)).message.taskId;
    const second = (await collect(500_000)).message.taskId;
    expect(await fingerprint()).toBe(before);
    // The second operator approves the first: the seller is credited, once, by the checker.
    expect(await decide(checker, first, 'approve', { comment: '已核对银行回单' })).toMatchObject({
      status: 'OK',
      message: { state: 'APPROVED' },
    });
    expect(await available()).toBe(start + 500_000);
    const d = await detail(gx, o.id);
    expect(d).toMatchObject({ paidAmount: 500_000 });
    expect(d.payments[0]).toMatchObject({ method: 'FACTOR_COLLECTION', amount: 500_000, loanRepaid: 0 });
    const [audit] = (
      (await t.database.db.execute(
        sql`select actor_name, after from bpm_audit_log where task_id = ${first} and action = 'APPROVE'`,
      )) as unknown as { rows: { actor_name: string; after: { record: { collected: boolean; orderNo: string; amount: number } } }[] }
    ).rows;
    expect(audit).toMatchObject({ actor_name: '钱核', after: { record: { collected: true, orderNo: o.orderNo, amount: 500_000 } } });
    // The second no longer fits: refused on approval with the order's message, nothing moves, it waits for a decision.
    const credited = await fingerprint();
    expect(await decide(checker, second, 'approve')).toMatchObject({
      status: 'ERROR',
      code: 'OVERPAY',
      message: '回款金额超过订单未收金额（未收 3,362.00 元）',
    });
    expect(await fingerprint()).toBe(credited);
    expect(json<{ state: string }>(await checker.get(`/api/bpm/tasks/${second}`)).message.state).toBe('PENDING');
    expect(await decide(checker, second, 'reject', { reason: '金额超过订单未收' })).toMatchObject({ status: 'OK' });
    expect(await fingerprint()).toBe(credited);
    expect(await available()).toBe(start + 500_000);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('overview and lists', () => {
  it('answers the overview and filters the list by kind and status', async () => {
    const ov = json<{ openPurchase: { count: number }; months: unknown[] }>(await gx.get(`${api}/overview`));
    expect(ov.status).toBe('OK');
    expect(ov.message.months).toHaveLength(6);
    expect(ov.message.openPurchase.count).toBeGreaterThan(0);
    const sales = json<{ items: { kind: string }[] }>(await gx.get(`${api}/orders`, { kind: 'SALES', size: 50 })).message.items;
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.every((o) => o.kind === 'SALES')).toBe(true);
    const drafts = json<{ items: { status: string }[] }>(await gx.get(`${api}/orders`, { status: 'DRAFT' })).message.items;
    expect(drafts.every((o) => o.status === 'DRAFT')).toBe(true);
    expect((await gx.get(`${api}/orders`, { status: 'NOPE' })).statusCode).toBe(400);
  });
});
