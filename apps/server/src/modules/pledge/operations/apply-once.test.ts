import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLines, stockPositions } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { PLEDGE_RELATED_TYPE } from '../contract-documents.ts';
import { body, newKey, okOf, pledgeWorld, proven, stockIn, type PledgeWorld } from '../testing.ts';

/**
 * Issue 21 item 9: a double click on 提交申请 made two pledge financings — 10 t pledged twice, the
 * credit reserved twice, two extra contracts. `POST /api/pledge/financings` now runs once per
 * idempotency key, on PGlite and PostgreSQL: a repeat (or a racing twin) with the same key answers
 * the first result as a WARN and creates nothing; the same key with another body is refused.
 */
let t: TestApp;
let w: PledgeWorld;
let positionId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
  positionId = await stockIn(w, w.enterpriseId, 'IDEM-2601', '60.000');
});
afterAll(() => t?.close());

/** What an application creates: financings, the credit it reserves, the goods it pledges, its contracts. */
async function footprint() {
  const db = t.database.db;
  const [line] = await db.select().from(creditLines).where(eq(creditLines.id, w.lineId));
  const [pos] = await db.select().from(stockPositions).where(eq(stockPositions.id, positionId));
  const res = await db.execute(
    sql`select (select count(*) from pledge_financings)::int as financings,
               (select count(*) from pledge_items)::int as items,
               (select count(*) from contracts where related_type = ${PLEDGE_RELATED_TYPE})::int as contracts,
               (select count(*) from bpm_tasks)::int as tasks`,
  );
  const counts = (res as unknown as { rows: { financings: number; items: number; contracts: number; tasks: number }[] }).rows[0]!;
  return { ...counts, reserved: line!.reserved, pledged: Number(pos!.pledged) };
}

const AMOUNT = 2_000_000; // 20,000.00 元 on 10 t of coil
const apply = (idempotencyKey: string | undefined, amount = AMOUNT, headers?: Record<string, string>) =>
  w.demo.post(
    '/api/pledge/financings',
    { creditLineId: w.lineId, lines: [{ positionId, quantity: '10.000' }], amount, termDays: 90, idempotencyKey },
    { json: true, headers },
  );

describe('a pledge application runs once per idempotency key (issue 21)', () => {
  it('a repeated submission with the same key creates one financing, one reservation, one pair of contracts', async () => {
    const before = await footprint();
    const key = newKey();
    const first = okOf<{ id: number; financingNo: string }>(await apply(key));
    const after = await footprint();
    expect(after).toMatchObject({
      financings: before.financings + 1,
      items: before.items + 1,
      contracts: before.contracts + 2,
      reserved: before.reserved + AMOUNT,
      pledged: before.pledged + 10,
    });

    // The double click: same key, same body → the first answer again (WARN: replayed), nothing new.
    const again = body<{ id: number; financingNo: string }>(await apply(key));
    expect(again.status).toBe('WARN');
    expect(again.message).toEqual(first);
    expect(await footprint()).toEqual(after);

    // The same key for another request is refused and changes nothing.
    const other = body(await apply(key, AMOUNT + 100));
    expect(other.status).toBe('ERROR');
    expect(await footprint()).toEqual(after);
    await proven(w);
  });

  it('two racing submissions with the same key create exactly one financing', async () => {
    const before = await footprint();
    const key = newKey();
    const [a, b] = await Promise.all([apply(key), apply(key)]);
    const answers = [body<{ id: number }>(a), body<{ id: number }>(b)];
    expect(answers.map((x) => x.status).sort()).toEqual(['OK', 'WARN']);
    expect(answers[0]!.message.id).toBe(answers[1]!.message.id);
    expect(await footprint()).toMatchObject({
      financings: before.financings + 1,
      items: before.items + 1,
      contracts: before.contracts + 2,
      reserved: before.reserved + AMOUNT,
      pledged: before.pledged + 10,
    });
    await proven(w);
  });

  it('takes the key from the Idempotency-Key header too, and refuses a submission without one', async () => {
    const before = await footprint();
    const missing = body(await apply(undefined));
    expect(missing.status).toBe('ERROR');
    expect(await footprint()).toEqual(before);

    const key = newKey();
    okOf(await apply(undefined, AMOUNT, { 'idempotency-key': key }));
    expect(body(await apply(undefined, AMOUNT, { 'idempotency-key': key })).status).toBe('WARN');
    expect((await footprint()).financings).toBe(before.financings + 1);
  });
});
