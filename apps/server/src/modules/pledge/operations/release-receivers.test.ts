import { chinaDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledgeSignPersons, releaseOrders, stockPositions } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  body,
  disbursedFinancing,
  newKey,
  okOf,
  password,
  pledgeWorld,
  proven,
  refusedWithoutChange,
  stockIn,
  type PledgeWorld,
} from '../testing.ts';

/**
 * Who receives released pledge goods (issue 14, PRODUCT §8), on PGlite and PostgreSQL: the
 * enterprise's designated signers (/pledge/signPersonGuide, ID card by SPEC §5) and downstream
 * customers (/pledge/supplyLoanKH); a redemption's release order names one of them — never another
 * enterprise's — and the warehouse user sees that receiver on the open orders of the position it
 * executes the stock-out from.
 */
let t: TestApp;
let w: PledgeWorld;

// Valid 18-digit numbers (region, birth date, check character).
const ZHAO_ID = '310115198803152315';
const QIAN_ID = '33010619900101123X';

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
}, 240_000);
afterAll(() => t?.close());

const addSigner = (c = w.demo, over: Record<string, unknown> = {}) =>
  c.post('/api/pledge/sign-persons', { name: '赵提货', idCard: ZHAO_ID, mobile: '13912345678', ...over }, { json: true });
const addCustomer = (c = w.demo, over: Record<string, unknown> = {}) =>
  c.post(
    '/api/pledge/customers',
    { name: '苏州恒达钢材加工有限公司', uscc: '91320583MA1MXT9K40', address: '江苏省苏州市相城区黄埭镇钢材市场8号', ...over },
    { json: true },
  );

describe('designated signers (/pledge/signPersonGuide)', () => {
  it('adds a signer with a valid ID card and lists it masked', async () => {
    const before = okOf<{ totalCount: number }>(await w.demo.get('/api/pledge/sign-persons')).totalCount;
    const added = okOf<{ id: number; idCardMasked: string; mobileMasked: string; birthDate: string; gender: string; status: string }>(
      await addSigner(),
    );
    expect(added).toMatchObject({
      idCardMasked: '310115********2315',
      mobileMasked: '139****5678',
      birthDate: '1988-03-15',
      gender: 'M',
      status: 'ACTIVE',
    });
    const list = okOf<{ items: Record<string, unknown>[]; totalCount: number }>(await w.demo.get('/api/pledge/sign-persons'));
    expect(list.totalCount).toBe(before + 1);
    expect(JSON.stringify(list)).not.toContain(ZHAO_ID);
    expect(JSON.stringify(list)).not.toContain('13912345678');
    // Stored as 18 characters, in full, for the warehouse's check at pickup.
    const [row] = await t.database.db.select().from(pledgeSignPersons).where(eq(pledgeSignPersons.id, added.id));
    expect(row!.idCard).toBe(ZHAO_ID);
  });

  it('refuses a bad ID card, mobile or name, and the same person twice, with nothing stored', async () => {
    const check = await refusedWithoutChange(w, () => addSigner(w.demo, { idCard: '310115198803152318' }));
    expect(check.message).toContain('身份证号码校验位不正确');
    const region = await refusedWithoutChange(w, () => addSigner(w.demo, { idCard: '990115198803152316' }));
    expect(region.message).toContain('省份代码');
    const length = await refusedWithoutChange(w, () => addSigner(w.demo, { idCard: '31011519880315' }));
    expect(length.message).toContain('身份证号码应为15位或18位');
    const birth = await refusedWithoutChange(w, () => addSigner(w.demo, { idCard: '310115198802302316' }));
    expect(birth.message).toContain('出生日期无效');
    expect((await refusedWithoutChange(w, () => addSigner(w.demo, { mobile: '1234' }))).message).toContain('手机号码');
    expect((await refusedWithoutChange(w, () => addSigner(w.demo, { name: '赵1' }))).message).toContain('签收人姓名');
    expect((await refusedWithoutChange(w, () => addSigner(w.demo), 'SIGN_PERSON_DUPLICATE')).message).toBe(
      '该身份证号码已是本企业的有效签收人',
    );
    // Two adds of one new person at once: one is stored, the other is told why (never a 500).
    const twins = await Promise.all(
      [1, 2].map(() => addSigner(w.demo, { name: '孙双', idCard: '440306199207154814', mobile: '13500003333' })),
    );
    expect(twins.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twins.map((r) => body(r).status).sort()).toEqual(['ERROR', 'OK']);
    expect(twins.map((r) => body(r).code).filter(Boolean)).toEqual(['SIGN_PERSON_DUPLICATE']);
    okOf(
      await w.demo.post(
        `/api/pledge/sign-persons/${okOf<{ id: number }>(twins.find((r) => body(r).status === 'OK')!).id}/disable`,
        {},
        { json: true },
      ),
    );
  });

  it('filters by status and name; disables once; another enterprise neither sees nor disables it', async () => {
    const second = okOf<{ id: number }>(await addSigner(w.demo, { name: '钱签收', idCard: QIAN_ID, mobile: '13700001111' }));
    expect(body(await w.other.post(`/api/pledge/sign-persons/${second.id}/disable`, {}, { json: true })).status).toBe('ERROR');
    expect(okOf<{ totalCount: number }>(await w.other.get('/api/pledge/sign-persons')).totalCount).toBe(0);
    expect(okOf(await w.demo.post(`/api/pledge/sign-persons/${second.id}/disable`, {}, { json: true }))).toEqual({
      id: second.id,
      status: 'DISABLED',
    });
    const again = body(await w.demo.post(`/api/pledge/sign-persons/${second.id}/disable`, {}, { json: true }));
    expect(again).toMatchObject({ status: 'ERROR', message: '当前状态为“已停用”，不能变更为“已停用”' });
    const active = okOf<{ items: { name: string }[] }>(await w.demo.get('/api/pledge/sign-persons', { status: 'ACTIVE' }));
    expect(active.items.map((i) => i.name)).toContain('赵提货');
    expect(active.items.map((i) => i.name)).not.toContain('钱签收');
    const byName = okOf<{ items: { name: string; status: string }[] }>(await w.demo.get('/api/pledge/sign-persons', { keyword: '钱' }));
    expect(byName.items).toEqual([expect.objectContaining({ name: '钱签收', status: 'DISABLED' })]);
    expect((await w.demo.get('/api/pledge/sign-persons', { status: 'GONE' })).statusCode).toBe(400);
  });
});

describe('downstream customers (/pledge/supplyLoanKH)', () => {
  it('adds a customer by USCC or by contact, refuses neither or a bad USCC', async () => {
    expect(okOf(await addCustomer())).toMatchObject({ uscc: '91320583MA1MXT9K40', status: 'ACTIVE' });
    expect(
      okOf(await addCustomer(w.demo, { name: '无锡个体钢材经营部', uscc: undefined, contactName: '孙经理', contactMobile: '13611112222' })),
    ).toMatchObject({ uscc: null, contactName: '孙经理', contactMobileMasked: '136****2222' });
    const neither = await refusedWithoutChange(w, () => addCustomer(w.demo, { name: '某客户', uscc: undefined }));
    expect(neither.message).toContain('请填写统一社会信用代码，或联系人及联系电话');
    const badUscc = await refusedWithoutChange(w, () => addCustomer(w.demo, { name: '某客户', uscc: '91320583MA1MXT9K41' }));
    expect(badUscc.message).toContain('统一社会信用代码');
    await refusedWithoutChange(w, () => addCustomer(w.demo), 'CUSTOMER_DUPLICATE');
    await refusedWithoutChange(w, () => addCustomer(w.demo, { name: '某客户', address: '短' }));
  });
});

describe('a redemption’s release order names its receiver', () => {
  it('refuses another enterprise’s signer or a disabled one, then releases to own signer and customer; the warehouse sees them', async () => {
    const db = t.database.db;
    const positionId = await stockIn(w, w.enterpriseId, 'RCV-1', '100.000');
    const id = await disbursedFinancing(w, positionId, '100.000', 25_000_000);
    // Repay all but 100,000.00: 100,000 ÷ 70 % = 142,857.15 of goods = 37.106 t stays → 62.894 t releasable.
    okOf(
      await w.demo.post(
        `/api/pledge/financings/${id}/repay`,
        { amount: 15_000_000, password: password(w), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    const detail = okOf<{ items: { id: number }[] }>(await w.demo.get(`/api/pledge/financings/${id}`));
    const itemId = detail.items[0]!.id;
    const redeem = (receiver: unknown, quantity = '10.000') =>
      w.demo.post(
        `/api/pledge/financings/${id}/redeem`,
        { items: [{ itemId, quantity }], receiver, idempotencyKey: newKey() },
        { json: true },
      );

    const theirs = okOf<{ id: number }>(await addSigner(w.other, { name: '周外企', idCard: QIAN_ID, mobile: '13800002222' }));
    const theirCustomer = okOf<{ id: number }>(await addCustomer(w.other));
    const refusal = await refusedWithoutChange(w, () => redeem({ kind: 'SIGNER', id: theirs.id }), 'PLEDGE_RECEIVER_NOT_FOUND');
    expect(refusal.message).toBe('签收人不存在或不属于本企业，请在“指定签收人”中选择');
    await refusedWithoutChange(w, () => redeem({ kind: 'CUSTOMER', id: theirCustomer.id }), 'PLEDGE_RECEIVER_NOT_FOUND');
    await refusedWithoutChange(w, () => redeem({ kind: 'SIGNER', id: 2_147_483_000 }), 'PLEDGE_RECEIVER_NOT_FOUND');
    const disabled = okOf<{ items: { id: number; status: string }[] }>(
      await w.demo.get('/api/pledge/sign-persons', { status: 'DISABLED' }),
    );
    await refusedWithoutChange(w, () => redeem({ kind: 'SIGNER', id: disabled.items[0]!.id }), 'PLEDGE_RECEIVER_DISABLED');
    await refusedWithoutChange(w, () => redeem({ kind: 'SOMEONE', id: 1 }));
    await proven(w);

    const signer = okOf<{ items: { id: number; name: string }[] }>(
      await w.demo.get('/api/pledge/sign-persons', { status: 'ACTIVE' }),
    ).items.find((p) => p.name === '赵提货')!;
    const customer = okOf<{ items: { id: number; name: string }[] }>(await w.demo.get('/api/pledge/customers', { keyword: '恒达' }))
      .items[0]!;
    const toSigner = okOf<{ releaseOrders: { id: number; orderNo: string }[] }>(await redeem({ kind: 'SIGNER', id: signer.id }, '10.000'));
    const toCustomer = okOf<{ releaseOrders: { id: number }[] }>(await redeem({ kind: 'CUSTOMER', id: customer.id }, '5.000'));
    await proven(w);

    const [order] = await db.select().from(releaseOrders).where(eq(releaseOrders.id, toSigner.releaseOrders[0]!.id));
    expect(order!.receiver).toEqual({
      kind: 'SIGNER',
      partyId: signer.id,
      name: '赵提货',
      certificate: '310115********2315',
      // Masked like every other party's number (issue 24): the warehouse matches, it does not reuse.
      contact: '139****5678',
      address: null,
    });
    expect(order!.pickupPerson).toBe('赵提货');

    // The warehouse user sees both open orders of the position with their receivers.
    const open = okOf<{ id: number; remaining: string; receiver: { kind: string; name: string; certificate: string | null } | null }[]>(
      await w.keeper.get('/api/warehouse/release-orders', { positionId }),
    );
    expect(open.map((o) => [o.id, o.remaining, o.receiver?.kind, o.receiver?.name])).toEqual([
      [toSigner.releaseOrders[0]!.id, '10.000', 'SIGNER', '赵提货'],
      [toCustomer.releaseOrders[0]!.id, '5.000', 'CUSTOMER', '苏州恒达钢材加工有限公司'],
    ]);
    expect(open[1]!.receiver!.certificate).toBe('91320583MA1MXT9K40');
    // The warehouse never sees a receiver's mobile in full (issue 24).
    expect(JSON.stringify(open)).not.toMatch(/1[3-9]\d{9}/);
    expect((open[0]!.receiver as unknown as { contact: string | null }).contact).toBe('139****5678');
    // Not the depositor (no warehouse), nor another warehouse's stock.
    expect((await w.demo.get('/api/warehouse/release-orders', { positionId })).statusCode).toBe(403);
    expect((await w.keeper.get('/api/warehouse/release-orders', { positionId: 2_147_483_000 })).statusCode).toBe(404);

    // The enterprise's detail names the receivers too.
    const after = okOf<{ releaseOrders: { receiver: { name: string } | null }[] }>(await w.demo.get(`/api/pledge/financings/${id}`));
    expect(after.releaseOrders.map((o) => o.receiver?.name)).toEqual(['赵提货', '苏州恒达钢材加工有限公司']);

    // Executing the signer's order as a stock-out closes it; it leaves the warehouse's open list.
    const [before] = await db.select().from(stockPositions).where(eq(stockPositions.id, positionId));
    okOf(
      await w.keeper.post(
        '/api/warehouse/stock-out',
        {
          positionId,
          quantity: '10.000',
          occurredOn: chinaDate(),
          documentNo: 'CK-RCV-1',
          releaseOrderId: toSigner.releaseOrders[0]!.id,
          idempotencyKey: newKey(),
        },
        { json: true },
      ),
    );
    const [afterOut] = await db.select().from(stockPositions).where(eq(stockPositions.id, positionId));
    expect(Number(before!.available) - Number(afterOut!.available)).toBe(10);
    const stillOpen = okOf<{ id: number }[]>(await w.keeper.get('/api/warehouse/release-orders', { positionId }));
    expect(stillOpen.map((o) => o.id)).toEqual([toCustomer.releaseOrders[0]!.id]);
    await proven(w);
  }, 180_000);
});
