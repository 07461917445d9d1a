import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { ledgerProblems, newKey } from '../ledger/testing.ts';
import { depositThroughReview } from './testing.ts';

/**
 * Concurrency of money movements. On PostgreSQL (TEST_DB=postgres) the harness gives the app a pool
 * of 20 connections, so these requests really run in parallel transactions and meet on the row locks;
 * on PGlite they serialise. Both must end with the same, proven result.
 */
let t: TestApp;
let gouxiao: TestClient;
let demo: TestClient;

const body = <T>(res: { json(): unknown }) => res.json() as { status: string; message: T };
type Balance = { balance: number; available: number; frozen: number; accountNo: string; accountName: string };
const balanceOf = async (c: TestClient) => body<Balance>(await c.get('/api/account/v2/queryAccountBalance')).message;

beforeAll(async () => {
  t = await createTestApp();
  gouxiao = await t.loginAs('gouxiao');
  demo = await t.loginAs('demo');
});
afterAll(() => t.close());

describe(`concurrent money movements (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL, parallel connections' : 'PGlite, serialised'})`, () => {
  it('50 simultaneous withdrawals against a balance that covers exactly 10: 10 succeed, none negative, ledger balanced', async () => {
    const start = await balanceOf(gouxiao);
    const fee = 2000;
    // 10 × (amount + fee) = the whole available balance (to the cent, but for a remainder under 10 cents).
    const each = Math.floor(start.available / 10) - fee;
    expect(each).toBeGreaterThan(0);
    const password = t.encrypt(DEMO_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        gouxiao
          .post('/api/funds/withdraw', { amount: each, password, idempotencyKey: newKey() }, { json: true })
          .then((r) => body<unknown>(r)),
      ),
    );
    const succeeded = answers.filter((a) => a.status === 'OK');
    const refused = answers.filter((a) => a.status === 'ERROR');
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.message).toContain('可用余额不足');
    const end = await balanceOf(gouxiao);
    const spent = 10 * (each + fee);
    expect(end).toMatchObject({ available: start.available - spent, frozen: start.frozen + spent, balance: start.balance });
    expect(end.available).toBeGreaterThanOrEqual(0);
    expect(end.available).toBeLessThan(each + fee);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
    console.info(
      `[concurrency] ${process.env.TEST_DB ?? 'pglite'}: 50 withdrawals of ${each} cents + ${fee} fee against ${start.available}: ${succeeded.length} OK, ${refused.length} refused, available now ${end.available}`,
    );
  });

  it('20 simultaneous calls with the same idempotency key post once and all answer the same', async () => {
    const start = await balanceOf(demo);
    const key = newKey();
    const password = t.encrypt(DEMO_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        demo.post('/api/funds/withdraw', { amount: 10_000, password, idempotencyKey: key }, { json: true }).then((r) => r.json()),
      ),
    );
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 'OK', message: { amount: 10_000 } });
    expect((await balanceOf(demo)).available).toBe(start.available - 12_000);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('transfers in both directions at once never deadlock and keep the ledger balanced', async () => {
    const d = await balanceOf(demo);
    const g = await balanceOf(gouxiao);
    // gouxiao has nothing left after the first test; give it money first.
    await depositThroughReview(await t.loginAs('operator'), await t.loginAs('fuhe'), { accountNo: g.accountNo, amount: 1_000_000 });
    const password = t.encrypt(DEMO_PASSWORD);
    const send = (from: TestClient, to: Balance) =>
      from
        .post(
          '/api/funds/transfer',
          { payeeAccountNo: to.accountNo, payeeName: to.accountName, amount: 10_000, password, idempotencyKey: newKey() },
          { json: true },
        )
        .then((r) => body<unknown>(r));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? send(demo, g) : send(gouxiao, d))));
    expect(answers.filter((a) => a.status !== 'OK')).toEqual([]);
    expect((await balanceOf(demo)).available).toBe(d.available - 15 * 12_000 + 15 * 10_000);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
