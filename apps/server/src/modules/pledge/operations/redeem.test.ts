import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  body,
  disbursedFinancing,
  newKey,
  okOf,
  password,
  pledgeWorld,
  proven,
  recordPrice,
  stockIn,
  type PledgeWorld,
} from '../testing.ts';

/**
 * Goods leave a pledge in proportion to the principal repaid, and never past the pledge rate at
 * today's price (issue 22, PRODUCT §8), on PGlite and PostgreSQL. 10.000 t of coil at 3,850.00 back
 * 26,000.00; the price then rises to 9,000.00, where by value alone 5.873 t could leave at once.
 */
let t: TestApp;
let w: PledgeWorld;
let id: number;

type Releasable = { quantity: string; inProportion: string; byValue: string; limitedBy: string; reason: string };
const releasable = async () =>
  okOf<{ releasable: Releasable | null; items: { id: number }[] }>(await w.demo.get(`/api/pledge/financings/${id}`));

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
  const positionId = await stockIn(w, w.enterpriseId, 'RD-1', '10.000');
  id = await disbursedFinancing(w, positionId, '10.000', 2_600_000, 30);
}, 240_000);
afterAll(() => t?.close());

describe('redemption after a repayment', () => {
  it('¥0.01 repaid after a price rise frees no goods; half repaid frees half', async () => {
    await recordPrice(w, 900_000);
    const cent = okOf<{ releasable: string; releaseReason: string }>(
      await w.demo.post(
        `/api/pledge/financings/${id}/repay`,
        { amount: 1, password: password(w), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(cent.releasable).toBe('0.000');
    const now = (await releasable()).releasable!;
    expect(now).toMatchObject({ quantity: '0.000', inProportion: '0.000', limitedBy: 'PROPORTION' });
    expect(Number(now.byValue)).toBeGreaterThan(5); // what the old rule would have let go
    expect(now.reason).toContain('按已还本金比例可赎回 0.000吨');
    const itemId = (await releasable()).items[0]!.id;
    const signer = okOf<{ items: { id: number }[] }>(await w.demo.get('/api/pledge/sign-persons', { size: 50 })).items[0];
    const refused = body(
      await w.demo.post(
        `/api/pledge/financings/${id}/redeem`,
        { items: [{ itemId, quantity: '0.001' }], receiver: { kind: 'SIGNER', id: signer!.id }, idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(refused).toMatchObject({ status: 'ERROR', code: 'PLEDGE_REDEEM_EXCEEDS_REPAYMENT' });

    // Half the principal repaid (the cent included) frees half the goods, though the price would allow more.
    const half = okOf<{ releasable: string }>(
      await w.demo.post(
        `/api/pledge/financings/${id}/repay`,
        { amount: 1_299_999, password: password(w), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(half.releasable).toBe('5.000');
    expect((await releasable()).releasable).toMatchObject({ quantity: '5.000', limitedBy: 'PROPORTION' });
    await proven(w);
  }, 120_000);
});
