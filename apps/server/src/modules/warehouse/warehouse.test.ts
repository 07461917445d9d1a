import { randomUUID } from 'node:crypto';
import { addDays, chinaDate, usccCheckChar } from '@factoring/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enterprises, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { createReleaseOrder } from './operations/create-release-order.ts';
import { pledgeStock } from './operations/pledge-stock.ts';
import { releasePledge } from './operations/release-pledge.ts';
import { stockFingerprint, stockProblems } from './testing.ts';

/**
 * The supervised warehouse end to end through the API (issue 13), on PGlite and — with
 * TEST_DB=postgres — on PostgreSQL with a pool of 20 connections, so concurrent stock-outs really
 * meet on the position's row lock. The quantity ledger is proven after every test.
 */
let t: TestApp;
let keeper: TestClient; // cangchu: 江苏安储, ckFlag Y
let demo: TestClient; // 上海鑫源, the depositor
let other: TestClient; // gouxiao: 浙江远航, made a second warehouse company below
let op: TestClient;
let demoId: number;
let otherId: number;

type Answer<T = Record<string, unknown>> = { status: string; message: T; code?: string };
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Answer<T>;
const key = () => `wh-${randomUUID()}`;
/** What the endorsement dialog adds: the holder's login password (encrypted) — title moves on it. */
/** A valid (GB 32100) credit code given below to the registered but uncertified enterprise. */
const UNCERTIFIED_USCC = `91440300MA5G0TENX${usccCheckChar('91440300MA5G0TENX')}`;
const confirmed = () => ({ password: t.encrypt(DEMO_PASSWORD), idempotencyKey: key() });
type Position = {
  id: number;
  warehouseId: number;
  locationId: number;
  depositorId: number;
  goodsName: string;
  batchNo: string;
  available: string;
  pledged: string;
  frozen: string;
  total: string;
};
type Warehouse = { id: number; name: string; locations: { id: number; code: string }[] };
type Goods = { id: number; name: string; unit: string; scale: number };

let suzhou: Warehouse;
let wuxi: Warehouse;
let steel: Goods;
let ingot: Goods;

const positions = async (c: TestClient, query: Record<string, string | number> = {}) =>
  body<{ items: Position[]; totalCount: number }>(await c.get('/api/warehouse/positions', { size: 200, ...query })).message;
const position = async (id: number) => body<Position>(await keeper.get(`/api/warehouse/positions/${id}`)).message;

const stockIn = (over: Record<string, unknown> = {}) =>
  keeper.post(
    '/api/warehouse/stock-in',
    {
      warehouseId: suzhou.id,
      locationId: suzhou.locations[0]!.id,
      depositorId: demoId,
      goodsId: steel.id,
      batchNo: `T-${randomUUID().slice(0, 8)}`,
      quantity: '100.000',
      occurredOn: chinaDate(),
      documentNo: 'RK-TEST-1',
      idempotencyKey: key(),
      ...over,
    },
    { json: true },
  );
const freshPosition = async (quantity: string, over: Record<string, unknown> = {}) => {
  const res = body<{ positionId: number }>(await stockIn({ quantity, ...over }));
  expect(res.status).toBe('OK');
  return res.message.positionId;
};
const stockOut = (positionId: number, quantity: string, over: Record<string, unknown> = {}) =>
  keeper.post(
    '/api/warehouse/stock-out',
    { positionId, quantity, occurredOn: chinaDate(), documentNo: 'CK-TEST-1', idempotencyKey: key(), ...over },
    { json: true },
  );

beforeAll(async () => {
  t = await createTestApp();
  keeper = await t.loginAs('cangchu');
  demo = await t.loginAs('demo');
  op = await t.loginAs('operator');
  const db = t.database.db;
  const idOf = async (login: string) => (await db.select({ id: users.enterpriseId }).from(users).where(eq(users.loginName, login)))[0]!.id!;
  demoId = await idOf('demo');
  otherId = await idOf('gouxiao');
  // A second warehouse company: 浙江远航's user gets ckFlag Y (it runs no warehouse of cangchu's).
  await db.update(users).set({ ckFlag: 'Y' }).where(eq(users.loginName, 'gouxiao'));
  other = await t.loginAs('gouxiao');
  const own = body<Warehouse[]>(await keeper.get('/api/warehouse/warehouses/own')).message;
  suzhou = own.find((w) => w.name.includes('苏州'))!;
  wuxi = own.find((w) => w.name.includes('无锡'))!;
  const goods = body<{ items: Goods[] }>(await keeper.get('/api/warehouse/goods', { size: 50 })).message.items;
  steel = goods.find((g) => g.name === '热轧卷板')!;
  ingot = goods.find((g) => g.unit === '件')!;
});
afterEach(async () => {
  expect(await stockProblems(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

describe('the demo world and scoped views', () => {
  it("the warehouse company runs two warehouses holding the demo enterprise's goods, with one live receipt", async () => {
    expect(suzhou.locations.length).toBeGreaterThan(0);
    expect(wuxi.locations.length).toBeGreaterThan(0);
    const mine = await positions(keeper);
    expect(new Set(mine.items.map((p) => p.goodsName))).toEqual(new Set(['热轧卷板', '电解铜', '铝合金锭']));
    const receipts = body<{ items: { status: string; holderName: string }[] }>(
      await demo.get('/api/warehouse/receipts', { status: 'LIVE' }),
    ).message.items;
    expect(receipts).toEqual([expect.objectContaining({ status: 'LIVE', holderName: '上海鑫源贸易有限公司' })]);
    const history = body<{ totalCount: number }>(await keeper.get('/api/warehouse/movements')).message;
    expect(history.totalCount).toBeGreaterThanOrEqual(7);
  });

  it("a depositor sees only its own stock; another warehouse company sees none of cangchu's; the operator sees all", async () => {
    const demoView = await positions(demo);
    expect(demoView.totalCount).toBeGreaterThan(0);
    expect(demoView.items.every((p) => p.depositorId === demoId)).toBe(true);
    expect((await positions(other)).totalCount).toBe(0);
    expect(body<{ totalCount: number }>(await other.get('/api/warehouse/movements')).message.totalCount).toBe(0);
    expect((await positions(op)).totalCount).toBeGreaterThanOrEqual(demoView.totalCount);
    const own = body<{ warehouseName: string; available: string }[]>(await demo.get('/api/warehouse/my-stock')).message;
    expect(own.map((s) => s.warehouseName)).toEqual(expect.arrayContaining([suzhou.name, wuxi.name]));
    const someone = demoView.items[0]!;
    expect((await other.get(`/api/warehouse/positions/${someone.id}`)).statusCode).toBe(404);
  });

  it('a user without ckFlag cannot record stock: 403 before the body is validated (a 400 would name the fields)', async () => {
    for (const path of ['/api/warehouse/stock-in', '/api/warehouse/stock-out', '/api/warehouse/receipts/issue', '/api/warehouse/goods']) {
      const res = await demo.post(path, { warehouseId: suzhou.id }, { json: true });
      expect(res.statusCode, path).toBe(403);
    }
  });
});

describe('stock in and out', () => {
  it("a stock-in shows in the depositor's stock and history; a stock-out beyond available is refused", async () => {
    const before = (await positions(demo)).items.length;
    const positionId = await freshPosition('25.125');
    const seen = (await positions(demo)).items.find((p) => p.id === positionId)!;
    expect(seen).toMatchObject({ available: '25.125', pledged: '0.000', frozen: '0.000', total: '25.125' });
    expect((await positions(demo)).items.length).toBe(before + 1);
    const history = body<{ items: { kind: string; quantity: string }[] }>(await demo.get('/api/warehouse/movements', { positionId }))
      .message.items;
    expect(history).toEqual([expect.objectContaining({ kind: 'IN', quantity: '25.125' })]);

    const fp = await stockFingerprint(t.database.db);
    const refused = body(await stockOut(positionId, '25.126'));
    expect(refused).toMatchObject({ status: 'ERROR', code: 'STOCK_NOT_AVAILABLE' });
    expect(refused.message).toContain('可用库存不足');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    expect(body(await stockOut(positionId, '25.125')).status).toBe('OK');
    expect(await position(positionId)).toMatchObject({ available: '0.000', total: '0.000' });
  });

  it('goods counted in pieces take whole numbers only', async () => {
    const fp = await stockFingerprint(t.database.db);
    const res = body(await stockIn({ warehouseId: wuxi.id, locationId: wuxi.locations.at(-1)!.id, goodsId: ingot.id, quantity: '10.5' }));
    expect(res).toMatchObject({ status: 'ERROR', code: 'QUANTITY_PRECISION' });
    expect(res.message).toContain('整数');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
  });
});

describe('bad input leaves the quantity ledger untouched', () => {
  it.each([
    ['negative', '-5', 400],
    ['zero', '0', 400],
    ['over-precise', '1.2345', 400],
    ['non-numeric', 'abc', 400],
    ['exponent', '1e3', 400],
  ])('a %s quantity is a 400 naming the field', async (_, quantity, status) => {
    const fp = await stockFingerprint(t.database.db);
    const res = await stockIn({ quantity });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(/quantity.*入库数量/);
    const out = await stockOut(1, quantity);
    expect(out.statusCode).toBe(400);
    expect(await stockFingerprint(t.database.db)).toBe(fp);
  });

  it('moving pledged goods is refused; the pledge stays where it is', async () => {
    const positionId = await freshPosition('50.000');
    await t.database.db.transaction((tx) => pledgeStock(tx, { positionId, quantity: '40', reference: 'PLEDGE:TEST-1' }));
    const fp = await stockFingerprint(t.database.db);
    const move = body(
      await keeper.post(
        '/api/warehouse/stock-move',
        { positionId, toLocationId: suzhou.locations[1]!.id, quantity: '10.001', occurredOn: chinaDate(), idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(move).toMatchObject({ status: 'ERROR', code: 'STOCK_NOT_AVAILABLE' });
    expect(move.message).toContain('质押 40.000吨');
    const out = body(await stockOut(positionId, '10.001'));
    expect(out.code).toBe('STOCK_NOT_AVAILABLE');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    // The free 10 tonnes do move.
    const ok = body(
      await keeper.post(
        '/api/warehouse/stock-move',
        { positionId, toLocationId: suzhou.locations[1]!.id, quantity: '10', occurredOn: chinaDate(), idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(ok.status).toBe('OK');
    expect(await position(positionId)).toMatchObject({ available: '0.000', pledged: '40.000' });
  });

  it('a location of another warehouse is refused', async () => {
    const fp = await stockFingerprint(t.database.db);
    const res = body(await stockIn({ locationId: wuxi.locations[0]!.id }));
    expect(res).toMatchObject({ status: 'ERROR', code: 'LOCATION_NOT_IN_WAREHOUSE' });
    expect(await stockFingerprint(t.database.db)).toBe(fp);
  });

  it("another warehouse company's stock and warehouses are out of reach", async () => {
    const positionId = (await positions(keeper)).items[0]!.id;
    const fp = await stockFingerprint(t.database.db);
    const out = await other.post(
      '/api/warehouse/stock-out',
      { positionId, quantity: '1', occurredOn: chinaDate(), documentNo: 'X', idempotencyKey: key() },
      { json: true },
    );
    expect(out.statusCode).toBe(404);
    expect(out.json().message).toContain('不属于本仓储公司');
    const into = await other.post(
      '/api/warehouse/stock-in',
      {
        warehouseId: suzhou.id,
        locationId: suzhou.locations[0]!.id,
        depositorId: demoId,
        goodsId: steel.id,
        quantity: '1',
        occurredOn: chinaDate(),
        documentNo: 'X',
        idempotencyKey: key(),
      },
      { json: true },
    );
    expect(into.statusCode).toBe(404);
    const receipt = await other.post('/api/warehouse/receipts/issue', { positionId, quantity: '1', idempotencyKey: key() }, { json: true });
    expect(receipt.statusCode).toBe(404);
    expect(await stockFingerprint(t.database.db)).toBe(fp);
  });

  it('a split whose parts do not add up, and an endorsement to an uncertified enterprise, are refused', async () => {
    const positionId = await freshPosition('30.000');
    const issued = body<{ id: number }>(
      await keeper.post('/api/warehouse/receipts/issue', { positionId, quantity: '30', idempotencyKey: key() }, { json: true }),
    );
    expect(issued.status).toBe('OK');
    const fp = await stockFingerprint(t.database.db);
    const split = body(
      await demo.post(
        '/api/warehouse/receipts/split',
        { receiptId: issued.message.id, parts: ['10', '19.999'], idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(split).toMatchObject({ status: 'ERROR', code: 'SPLIT_NOT_BALANCED' });
    expect(split.message).toContain('不一致');
    // 深圳前海新启 has registered but not passed authentication.
    const [fresh] = await t.database.db.select().from(enterprises).where(eq(enterprises.name, '深圳前海新启科技有限公司'));
    await t.database.db.update(enterprises).set({ uscc: UNCERTIFIED_USCC }).where(eq(enterprises.id, fresh!.id));
    const endorse = body(
      await demo.post(
        '/api/warehouse/receipts/endorse',
        { receiptId: issued.message.id, toUscc: UNCERTIFIED_USCC, ...confirmed() },
        { json: true },
      ),
    );
    expect(endorse).toMatchObject({ status: 'ERROR', code: 'ENDORSEE_NOT_CERTIFIED' });
    expect(endorse.message).toContain('尚未完成实名认证');
    // The warehouse company is not the holder: it cannot endorse.
    const byKeeper = body(
      await keeper.post(
        '/api/warehouse/receipts/endorse',
        { receiptId: issued.message.id, toUscc: '91330106MA2GL7QX1F', ...confirmed() },
        { json: true },
      ),
    );
    expect(byKeeper.code).toBe('NOT_RECEIPT_HOLDER');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    // The receipt's goods cannot leave while it is live.
    expect(body(await stockOut(positionId, '1')).code).toBe('STOCK_NOT_AVAILABLE');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
  });

  it('a replayed request moves nothing twice; the same key with another request is refused', async () => {
    const idempotencyKey = key();
    const first = body<{ positionId: number; operationNo: string }>(await stockIn({ idempotencyKey, batchNo: 'REPLAY-1' }));
    expect(first.status).toBe('OK');
    const fp = await stockFingerprint(t.database.db);
    const again = body<{ operationNo: string; replayed: boolean; notice: string }>(await stockIn({ idempotencyKey, batchNo: 'REPLAY-1' }));
    expect(again).toMatchObject({ status: 'WARN', message: { operationNo: first.message.operationNo, replayed: true } });
    expect(again.message.notice).toContain('未重复执行');
    const different = body(await stockIn({ idempotencyKey, batchNo: 'REPLAY-1', quantity: '99' }));
    expect(different.status).toBe('ERROR');
    expect(different.message).toContain('幂等键');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    const noKey = body(await stockIn({ idempotencyKey: undefined }));
    expect(noKey.status).toBe('ERROR');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
  });

  it('the movement ledger refuses updates and deletes', async () => {
    await expect(t.database.db.execute(sql`update stock_movements set quantity = quantity + 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from stock_movements`)).rejects.toThrow();
  });
});

describe(`concurrency (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL, parallel connections' : 'PGlite, serialised'})`, () => {
  it('20 simultaneous stock-outs that together exceed the available quantity: exactly the covered number succeed, none negative', async () => {
    const positionId = await freshPosition('70.500');
    const answers = await Promise.all(Array.from({ length: 20 }, () => stockOut(positionId, '10.000').then((r) => body(r))));
    const succeeded = answers.filter((a) => a.status === 'OK');
    const refused = answers.filter((a) => a.status === 'ERROR');
    expect(succeeded).toHaveLength(7);
    expect(refused).toHaveLength(13);
    for (const r of refused) expect(r.code).toBe('STOCK_NOT_AVAILABLE');
    expect(await position(positionId)).toMatchObject({ available: '0.500', total: '0.500' });
    console.info(
      `[concurrency] ${process.env.TEST_DB ?? 'pglite'}: 20 stock-outs of 10.000 t against 70.500 t: ${succeeded.length} OK, ${refused.length} refused, 0.500 t left`,
    );
  });
});

describe('warehouse receipts', () => {
  it('issue → split → merge → endorse → cancel: ownership moves with the receipt and the goods end available', async () => {
    const positionId = await freshPosition('90.000', { batchNo: 'RT-1' });
    const issued = body<{ id: number; receiptNo: string; contentHash: string }>(
      await keeper.post('/api/warehouse/receipts/issue', { positionId, quantity: '90', idempotencyKey: key() }, { json: true }),
    );
    expect(issued.status).toBe('OK');
    expect(await position(positionId)).toMatchObject({ available: '0.000', frozen: '90.000' });
    const verified = body<{ found: boolean; hashMatches: boolean }>(
      await other.get('/api/warehouse/receipts/verify', { receiptNo: issued.message.receiptNo, hash: issued.message.contentHash }),
    );
    expect(verified.message).toMatchObject({ found: true, hashMatches: true });
    expect(
      body<{ hashMatches: boolean }>(
        await other.get('/api/warehouse/receipts/verify', { receiptNo: issued.message.receiptNo, hash: 'f'.repeat(64) }),
      ).message.hashMatches,
    ).toBe(false);

    const split = body<{ receipts: { id: number; quantity: string }[] }>(
      await demo.post(
        '/api/warehouse/receipts/split',
        { receiptId: issued.message.id, parts: ['30.250', '59.750'], idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(split.status).toBe('OK');
    expect(split.message.receipts.map((r) => r.quantity)).toEqual(['30.250', '59.750']);
    const merged = body<{ id: number; quantity: string }>(
      await demo.post(
        '/api/warehouse/receipts/merge',
        { receiptIds: split.message.receipts.map((r) => r.id), idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(merged.message.quantity).toBe('90.000');

    const endorsed = body<{ holderName: string; contentHash: string }>(
      await demo.post(
        '/api/warehouse/receipts/endorse',
        { receiptId: merged.message.id, toUscc: '91330106MA2GL7QX1F', ...confirmed() },
        { json: true },
      ),
    );
    expect(endorsed).toMatchObject({ status: 'OK', message: { holderName: '浙江远航供应链管理有限公司' } });
    expect(await position(positionId)).toMatchObject({ frozen: '0.000', total: '0.000' });
    const theirs = (await positions(other)).items.find((p) => p.batchNo === 'RT-1')!;
    expect(theirs).toMatchObject({ depositorId: otherId, frozen: '90.000' });
    // The former holder no longer sees it.
    expect(body<{ items: { id: number }[] }>(await demo.get('/api/warehouse/receipts')).message.items.map((r) => r.id)).not.toContain(
      merged.message.id,
    );

    const cancelled = body(
      await other.post(
        '/api/warehouse/receipts/cancel',
        { receiptId: merged.message.id, reason: '提货前注销', idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(cancelled).toMatchObject({ status: 'OK', message: { status: 'CANCELLED' } });
    expect((await positions(other)).items.find((p) => p.batchNo === 'RT-1')).toMatchObject({ available: '90.000', frozen: '0.000' });
    expect(await stockProblems(t.database.db)).toEqual([]);
  });

  it('a pledged receipt cannot be endorsed; its cancellation waits for an operator and the goods stay pledged', async () => {
    const positionId = await freshPosition('12.000');
    const issued = body<{ id: number }>(
      await keeper.post('/api/warehouse/receipts/issue', { positionId, quantity: '12', idempotencyKey: key() }, { json: true }),
    );
    await t.database.db.transaction((tx) =>
      pledgeStock(tx, { receiptId: issued.message.id, reference: 'PLEDGE:T-2', depositorId: demoId }),
    );
    expect(await position(positionId)).toMatchObject({ frozen: '0.000', pledged: '12.000' });
    const endorse = body(
      await demo.post(
        '/api/warehouse/receipts/endorse',
        { receiptId: issued.message.id, toUscc: '91330106MA2GL7QX1F', ...confirmed() },
        { json: true },
      ),
    );
    expect(endorse.code).toBe('RECEIPT_NOT_LIVE');
    const cancel = body(
      await demo.post(
        '/api/warehouse/receipts/cancel',
        { receiptId: issued.message.id, reason: '融资结清后注销', idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(cancel.message).toMatchObject({ status: 'CANCEL_PENDING' });
    // Asking again does not bypass the factor: the pending request is decided in the inbox only.
    const again = body(
      await demo.post(
        '/api/warehouse/receipts/cancel',
        { receiptId: issued.message.id, reason: '再次注销', idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(again).toMatchObject({ status: 'ERROR', code: 'RECEIPT_NOT_LIVE' });
    expect(await position(positionId)).toMatchObject({ frozen: '0.000', pledged: '12.000' });
    const task = body<{ items: { id: number; type: string }[] }>(
      await op.get('/api/bpm/tasks', { type: 'WAREHOUSE_RECEIPT_CANCEL', state: 'PENDING' }),
    ).message.items[0]!;
    expect(body(await op.post(`/api/bpm/tasks/${task.id}/approve`, { comment: '同意' }, { json: true })).status).toBe('OK');
    expect(await position(positionId)).toMatchObject({ pledged: '12.000', available: '0.000' });
    // The financing releases the goods through the service API.
    await t.database.db.transaction((tx) => releasePledge(tx, { positionId, quantity: '12', reference: 'PLEDGE:T-2' }));
    expect(await position(positionId)).toMatchObject({ pledged: '0.000', available: '12.000' });
  });
});

describe("a receipt is its holder's (issue 21)", () => {
  const issue = async (quantity: string) => {
    const positionId = await freshPosition(quantity);
    const issued = body<{ id: number; receiptNo: string; contentHash: string }>(
      await keeper.post('/api/warehouse/receipts/issue', { positionId, quantity, idempotencyKey: key() }, { json: true }),
    );
    expect(issued.status).toBe('OK');
    return { positionId, ...issued.message };
  };

  it('the warehouse company cannot cancel, split or merge a receipt it issued: the goods stay frozen and cannot be shipped', async () => {
    const a = await issue('10.000');
    const b = await issue('5.000');
    const fp = await stockFingerprint(t.database.db);
    const tries = [
      keeper.post('/api/warehouse/receipts/cancel', { receiptId: a.id, reason: '仓储公司注销', idempotencyKey: key() }, { json: true }),
      keeper.post('/api/warehouse/receipts/split', { receiptId: a.id, parts: ['4', '6'], idempotencyKey: key() }, { json: true }),
      keeper.post('/api/warehouse/receipts/merge', { receiptIds: [a.id, b.id], idempotencyKey: key() }, { json: true }),
    ];
    for (const res of await Promise.all(tries)) expect(body(res)).toMatchObject({ status: 'ERROR', code: 'NOT_RECEIPT_HOLDER' });
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    expect(await position(a.positionId)).toMatchObject({ available: '0.000', frozen: '10.000' });
    expect(body(await stockOut(a.positionId, '10')).code).toBe('STOCK_NOT_AVAILABLE');
    // Another enterprise learns nothing about it.
    const stranger = await other.post(
      '/api/warehouse/receipts/cancel',
      { receiptId: a.id, reason: 'x', idempotencyKey: key() },
      { json: true },
    );
    expect(stranger.statusCode).toBe(404);
    // The holder surrenders it: only then do the goods become available, and the warehouse ships them.
    const surrendered = body(
      await demo.post('/api/warehouse/receipts/cancel', { receiptId: a.id, reason: '提货', idempotencyKey: key() }, { json: true }),
    );
    expect(surrendered).toMatchObject({ status: 'OK', message: { status: 'CANCELLED' } });
    expect(body(await stockOut(a.positionId, '10')).status).toBe('OK');
  });

  it("of a racing endorse, cancel and split of one receipt exactly one passes; the warehouse company's cancel never does", async () => {
    const r = await issue('8.000');
    const answers = (
      await Promise.all([
        demo.post('/api/warehouse/receipts/endorse', { receiptId: r.id, toUscc: '91330106MA2GL7QX1F', ...confirmed() }, { json: true }),
        demo.post('/api/warehouse/receipts/cancel', { receiptId: r.id, reason: '并发注销', idempotencyKey: key() }, { json: true }),
        demo.post('/api/warehouse/receipts/split', { receiptId: r.id, parts: ['3', '5'], idempotencyKey: key() }, { json: true }),
        keeper.post('/api/warehouse/receipts/cancel', { receiptId: r.id, reason: '并发注销', idempotencyKey: key() }, { json: true }),
      ])
    ).map((res) => (res.statusCode === 404 ? { status: 'ERROR', code: 'NOT_FOUND' } : body(res)));
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(1);
    expect(answers[3]!.status).toBe('ERROR');
    expect(await stockProblems(t.database.db)).toEqual([]);
  });

  it("endorsing asks for the holder's password and names the receiver; a wrong or missing password moves nothing", async () => {
    const r = await issue('6.000');
    const fp = await stockFingerprint(t.database.db);
    const bare = body(
      await demo.post(
        '/api/warehouse/receipts/endorse',
        { receiptId: r.id, toUscc: '91330106MA2GL7QX1F', idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(bare).toMatchObject({ status: 'ERROR', code: 'PASSWORD_REQUIRED' });
    const wrong = body(
      await demo.post(
        '/api/warehouse/receipts/endorse',
        { receiptId: r.id, toUscc: '91330106MA2GL7QX1F', password: t.encrypt('Wrong@2026'), idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(wrong.status).toBe('ERROR');
    expect(wrong.message).toContain('仓单未背书');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    // A code failing GB 32100 is a 400 naming the field; a valid one names the certified receiver.
    expect((await demo.get('/api/warehouse/endorsees', { uscc: '91330106MA2GL7QX1X' })).statusCode).toBe(400);
    expect(body(await demo.get('/api/warehouse/endorsees', { uscc: '91330106ma2gl7qx1f' })).message).toEqual({
      name: '浙江远航供应链管理有限公司',
      uscc: '91330106MA2GL7QX1F',
    });
    const done = body<{ holderName: string; holderUscc: string }>(
      await demo.post('/api/warehouse/receipts/endorse', { receiptId: r.id, toUscc: '91330106MA2GL7QX1F', ...confirmed() }, { json: true }),
    );
    expect(done.message).toMatchObject({ holderName: '浙江远航供应链管理有限公司', holderUscc: '91330106MA2GL7QX1F' });
  });

  it('verification needs the number and the hash printed on the receipt; numbers cannot be walked', async () => {
    const r = await issue('3.000');
    expect(r.receiptNo).toMatch(/^CD\d{14}[A-HJ-NP-Z2-9]{6}$/);
    const fresh = await t.loginAs('xinqiye');
    // Without the hash: a 400, nothing about the receipt.
    const noHash = await fresh.get('/api/warehouse/receipts/verify', { receiptNo: r.receiptNo });
    expect(noHash.statusCode).toBe(400);
    expect(noHash.body).not.toContain('上海鑫源');
    // A wrong hash, or a guessed number: the same answer, saying nothing.
    const guessed = body(await fresh.get('/api/warehouse/receipts/verify', { receiptNo: r.receiptNo, hash: 'f'.repeat(64) }));
    const unknown = body(await fresh.get('/api/warehouse/receipts/verify', { receiptNo: 'CD20260101000001ABCDEF', hash: 'f'.repeat(64) }));
    for (const a of [guessed, unknown])
      expect(a.message).toMatchObject({ found: false, holderName: null, quantity: null, contentHash: null });
    // The printed pair: what the receipt states.
    const seen = body(await fresh.get('/api/warehouse/receipts/verify', { receiptNo: r.receiptNo.toLowerCase(), hash: r.contentHash }));
    expect(seen.message).toMatchObject({
      found: true,
      hashMatches: true,
      holderName: '上海鑫源贸易有限公司',
      goodsName: '热轧卷板',
      quantity: '3.000',
      unit: '吨',
    });
  });
});

describe('the service API for goods-pledge financing', () => {
  it('pledge, release and a release order consumed by stock-outs', async () => {
    const positionId = await freshPosition('20.000');
    await t.database.db.transaction((tx) => pledgeStock(tx, { positionId, quantity: '20', reference: 'PLEDGE:T-3', depositorId: demoId }));
    await t.database.db.transaction((tx) => releasePledge(tx, { positionId, quantity: '8', reference: 'PLEDGE:T-3' }));
    const order = await t.database.db.transaction((tx) =>
      createReleaseOrder(tx, { positionId, quantity: '8', reference: 'PLEDGE:T-3', pickupPerson: '王五' }),
    );
    expect(body(await stockOut(positionId, '5', { releaseOrderId: order.id })).status).toBe('OK');
    const over = body(await stockOut(positionId, '3.001', { releaseOrderId: order.id }));
    expect(over.code).toBe('RELEASE_ORDER_EXCEEDED');
    expect(body(await stockOut(positionId, '3', { releaseOrderId: order.id })).status).toBe('OK');
    expect(body(await stockOut(positionId, '0.001', { releaseOrderId: order.id })).code).toBe('RELEASE_ORDER_CLOSED');
    expect(await position(positionId)).toMatchObject({ available: '0.000', pledged: '12.000' });
    await expect(t.database.db.transaction((tx) => pledgeStock(tx, { positionId, quantity: '0.001', reference: 'X' }))).rejects.toThrow(
      '可用库存不足',
    );
  });
});

describe('stock-taking', () => {
  it('a count difference waits for the operator, whose approval writes the adjustment', async () => {
    const positionId = await freshPosition('40.000', { locationId: suzhou.locations[1]!.id });
    const p = await position(positionId);
    const fp = await stockFingerprint(t.database.db);
    const take = body<{ id: number; status: string; alert: boolean }>(
      await keeper.post(
        '/api/warehouse/stock-takes',
        {
          warehouseId: suzhou.id,
          locationId: p.locationId,
          countedOn: chinaDate(),
          lines: [{ positionId, counted: '39.250' }],
          idempotencyKey: key(),
        },
        { json: true },
      ),
    );
    expect(take.message).toMatchObject({ status: 'PENDING', alert: false });
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    const task = body<{ items: { id: number; subject: string }[] }>(
      await op.get('/api/bpm/tasks', { type: 'WAREHOUSE_STOCK_TAKE', state: 'PENDING' }),
    ).message.items[0]!;
    expect(body(await op.post(`/api/bpm/tasks/${task.id}/approve`, {}, { json: true })).status).toBe('OK');
    expect(await position(positionId)).toMatchObject({ available: '39.250' });
    const list = body<{ items: { id: number; status: string }[] }>(await keeper.get('/api/warehouse/stock-takes')).message.items;
    expect(list.find((s) => s.id === take.message.id)?.status).toBe('APPROVED');
  });

  it('a shortfall touching pledged goods raises an alert and is never taken silently', async () => {
    const positionId = await freshPosition('10.000', { locationId: suzhou.locations[1]!.id });
    await t.database.db.transaction((tx) => pledgeStock(tx, { positionId, quantity: '8', reference: 'PLEDGE:T-4' }));
    const take = body<{ alert: boolean }>(
      await keeper.post(
        '/api/warehouse/stock-takes',
        {
          warehouseId: suzhou.id,
          locationId: suzhou.locations[1]!.id,
          countedOn: chinaDate(),
          lines: [{ positionId, counted: '7' }],
          idempotencyKey: key(),
        },
        { json: true },
      ),
    );
    expect(take.message.alert).toBe(true);
    const task = body<{ items: { id: number; subject: string }[] }>(
      await op.get('/api/bpm/tasks', { type: 'WAREHOUSE_STOCK_TAKE', state: 'PENDING' }),
    ).message.items[0]!;
    expect(task.subject).toContain('预警');
    const fp = await stockFingerprint(t.database.db);
    const approve = body(await op.post(`/api/bpm/tasks/${task.id}/approve`, {}, { json: true }));
    expect(approve).toMatchObject({ status: 'ERROR', code: 'STOCK_TAKE_TOUCHES_PLEDGE' });
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    expect(await position(positionId)).toMatchObject({ available: '2.000', pledged: '8.000' });
    expect(body(await op.post(`/api/bpm/tasks/${task.id}/reject`, { reason: '先与融资方核实' }, { json: true })).status).toBe('OK');
  });
});

describe('goods catalogue', () => {
  it('a goods item in use cannot be deleted, only disabled; a disabled one takes no stock-in', async () => {
    const del = body(await keeper.post(`/api/warehouse/goods/${steel.id}/delete`, {}, { json: true }));
    expect(del).toMatchObject({ status: 'ERROR', code: 'GOODS_IN_USE' });
    const created = body<{ id: number }>(
      await keeper.post('/api/warehouse/goods', { name: '测试商品', unit: '吨', scale: 3, category: '钢材' }, { json: true }),
    );
    expect(created.status).toBe('OK');
    expect(body(await keeper.post(`/api/warehouse/goods/${created.message.id}/disable`, {}, { json: true })).status).toBe('OK');
    const fp = await stockFingerprint(t.database.db);
    expect(body(await stockIn({ goodsId: created.message.id })).code).toBe('GOODS_DISABLED');
    expect(await stockFingerprint(t.database.db)).toBe(fp);
    expect(body(await keeper.post(`/api/warehouse/goods/${created.message.id}/delete`, {}, { json: true })).status).toBe('OK');
    expect(
      body(await demo.post('/api/warehouse/goods', { name: '越权', unit: '吨', scale: 3, category: '钢材' }, { json: true })).status,
    ).not.toBe('OK');
  });

  it('goods belong to the warehouse company that keeps them; one in use keeps its name on stock and receipts (issue 21)', async () => {
    const positionId = await freshPosition('7.000');
    const issued = body<{ receiptNo: string; contentHash: string }>(
      await keeper.post('/api/warehouse/receipts/issue', { positionId, quantity: '7', idempotencyKey: key() }, { json: true }),
    ).message;
    const input = { name: '热轧卷板', specification: 'Q235B 5.75mm×1500mm', unit: '吨', scale: 3, category: '钢材' };
    // A second warehouse company can neither rename nor disable another's goods.
    const rename = await other.post(`/api/warehouse/goods/${steel.id}`, { ...input, name: '废钢' }, { json: true });
    expect(rename.statusCode).toBe(404);
    expect((await other.post(`/api/warehouse/goods/${steel.id}/disable`, {}, { json: true })).statusCode).toBe(404);
    const listed = body<{ items: (Goods & { status: string; editable: boolean; ownerName: string })[] }>(
      await other.get('/api/warehouse/goods', { size: 50 }),
    ).message.items.find((g) => g.id === steel.id)!;
    expect(listed).toMatchObject({ name: '热轧卷板', status: 'ACTIVE', editable: false, ownerName: '江苏安储仓储物流有限公司' });

    // The owner's change of an item in use is a new version; the old one keeps naming the stock.
    const changed = body<{ id: number; version: number; newVersion: boolean }>(
      await keeper.post(`/api/warehouse/goods/${steel.id}`, { ...input, specification: 'Q235B 6mm×1500mm' }, { json: true }),
    );
    expect(changed.message).toMatchObject({ newVersion: true, version: 2 });
    expect(changed.message.id).not.toBe(steel.id);
    expect(await position(positionId)).toMatchObject({ goodsName: '热轧卷板' });
    const verified = body<{ hashMatches: boolean; specification: string }>(
      await other.get('/api/warehouse/receipts/verify', { receiptNo: issued.receiptNo, hash: issued.contentHash }),
    );
    expect(verified.message).toMatchObject({ hashMatches: true, specification: 'Q235B 5.75mm×1500mm' });
    // Put the catalogue back for the tests after this one.
    await keeper.post(`/api/warehouse/goods/${changed.message.id}/disable`, {}, { json: true });
    expect(body(await keeper.post(`/api/warehouse/goods/${steel.id}/enable`, {}, { json: true })).status).toBe('OK');
  });

  it('two racing submissions of one new goods item create it once; the other is refused, never a 500', async () => {
    const item = { name: `并发商品-${randomUUID().slice(0, 6)}`, unit: '吨', scale: 3, category: '钢材' };
    const answers = await Promise.all([0, 1, 2].map(() => keeper.post('/api/warehouse/goods', item, { json: true })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => body(a).status).sort()).toEqual(['ERROR', 'ERROR', 'OK']);
  });

  it('only a warehouse company lists enterprises, and an uncertified user lists none (issue 21)', async () => {
    expect((await demo.get('/api/warehouse/enterprises')).statusCode).toBe(403);
    expect((await (await t.loginAs('xinqiye')).get('/api/warehouse/enterprises')).statusCode).toBe(403);
    const listed = body<{ name: string }[]>(await keeper.get('/api/warehouse/enterprises', { keyword: '上海鑫源' })).message;
    expect(listed.map((e) => e.name)).toEqual(['上海鑫源贸易有限公司']);
  });
});

describe('issue 24: business-date order and zones', () => {
  const moveTo = (positionId: number, toLocationId: number, quantity = '1.000') =>
    keeper.post(
      '/api/warehouse/stock-move',
      { positionId, toLocationId, quantity, occurredOn: chinaDate(), idempotencyKey: key() },
      { json: true },
    );
  const zone = (w: Warehouse, code: string) => w.locations.find((l) => l.code === code)!.id;

  it('stock and movements list by business date, newest first, then newest recorded', async () => {
    // Recorded last, but for a day long before everything else: it belongs at the end, not on top.
    const late = await freshPosition('5.000', { occurredOn: addDays(chinaDate(), -300), documentNo: 'RK-BACKDATED' });
    const moves = body<{ items: { id: number; occurredOn: string; documentNo: string | null }[] }>(
      await keeper.get('/api/warehouse/movements', { size: 200 }),
    ).message.items;
    const byDate = [...moves].sort((a, b) => b.occurredOn.localeCompare(a.occurredOn) || b.id - a.id);
    expect(moves.map((m) => m.id)).toEqual(byDate.map((m) => m.id));
    expect(moves.at(-1)?.documentNo).toBe('RK-BACKDATED');

    const stock = (await positions(keeper)).items as (Position & { lastMovedOn: string | null })[];
    const stockByDate = [...stock].sort((a, b) => (b.lastMovedOn ?? '').localeCompare(a.lastMovedOn ?? '') || b.id - a.id);
    expect(stock.map((p) => p.id)).toEqual(stockByDate.map((p) => p.id));
    expect(stock.find((p) => p.id === late)?.lastMovedOn).toBe(addDays(chinaDate(), -300));
    // The export is in the same order.
    const exported = body<{ id: number }[]>(await keeper.get('/api/warehouse/positions/export')).message;
    expect(exported.map((p) => p.id)).toEqual(stock.map((p) => p.id));
  });

  it('the movement list pages follow one another in that order, each page with its names (issue 38: ids first, names joined to the page)', async () => {
    type Move = { id: number; warehouseName: string; goodsName: string; batchNo: string };
    const all = body<{ items: Move[]; totalCount: number }>(await keeper.get('/api/warehouse/movements', { size: 200 })).message;
    expect(all.items.length).toBeGreaterThan(6);
    const page = async (n: number) =>
      body<{ items: Move[]; totalCount: number }>(await keeper.get('/api/warehouse/movements', { page: n, size: 3 })).message;
    const [first, second] = [await page(1), await page(2)];
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, 6));
    expect(first.totalCount).toBe(all.totalCount);
    for (const m of first.items) expect(m.warehouseName && m.goodsName && m.batchNo).toBeTruthy();
  });

  it('steel goes neither in nor over to the non-ferrous zone; each category to its own zone', async () => {
    const fp = await stockFingerprint(t.database.db);
    const into = body(await stockIn({ locationId: zone(suzhou, 'B-01') }));
    expect(into).toMatchObject({ status: 'ERROR', code: 'LOCATION_ZONE_MISMATCH' });
    expect(into.message).toBe('库位 B-01（有色金属库区）只存放“有色金属”类商品，“热轧卷板”属于“钢材”类，不能放入该库位');
    expect(await stockFingerprint(t.database.db)).toBe(fp);

    const coil = await freshPosition('20.000', { locationId: zone(suzhou, 'A-01') });
    const before = await stockFingerprint(t.database.db);
    const over = body(await moveTo(coil, zone(suzhou, 'B-01')));
    expect(over).toMatchObject({ status: 'ERROR', code: 'LOCATION_ZONE_MISMATCH' });
    expect(over.message).toContain('只存放“有色金属”类商品');
    expect(await stockFingerprint(t.database.db)).toBe(before);
    // Steel moves within the steel zone; aluminium ingots go to the non-ferrous zone and not to the steel one.
    expect(body(await moveTo(coil, zone(suzhou, 'A-02'))).status).toBe('OK');
    const ingots = body(await stockIn({ warehouseId: wuxi.id, locationId: zone(wuxi, '2-01'), goodsId: ingot.id, quantity: '10' }));
    expect(ingots.status).toBe('OK');
    const wrong = body(await stockIn({ warehouseId: wuxi.id, locationId: zone(wuxi, '1-01'), goodsId: ingot.id, quantity: '10' }));
    expect(wrong).toMatchObject({ status: 'ERROR', code: 'LOCATION_ZONE_MISMATCH' });
    expect(wrong.message).toContain('只存放“钢材”类商品');
  });
});
