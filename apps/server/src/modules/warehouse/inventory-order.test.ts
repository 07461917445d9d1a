import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { addDays, chinaDate } from '@factoring/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { stockProblems, zoneLocationFor } from './testing.ts';

/**
 * Issue 38: the inventory (/warehouse/stockDetails) orders positions by the day of their last recorded
 * movement, now a date stored on the position by the same transaction that writes each movement
 * (postMovements) instead of a probe of the ledger per position. These tests move stock and read the
 * date and the order back through the API; stock:check (after every test) compares every stored date
 * with the ledger. Both engines (vitest.config.ts).
 */
let t: TestApp;
let keeper: TestClient; // cangchu: 江苏安储, the warehouse company
let demoId: number;
let warehouseId: number;
let steelId: number;
let fromLocation: number;
let toLocation: number;

type Position = { id: number; lastMovedOn: string | null };
type Answer<T> = { status: string; message: T; code?: string };
const body = <T>(res: { json(): unknown }) => res.json() as Answer<T>;
const key = () => `order-${randomUUID()}`;
const today = () => chinaDate();

const page = async (query: Record<string, string | number> = {}) =>
  body<{ items: Position[]; totalCount: number }>(await keeper.get('/api/warehouse/positions', { size: 200, ...query })).message;
const dateOf = async (id: number) => body<Position>(await keeper.get(`/api/warehouse/positions/${id}`)).message.lastMovedOn;

async function stockIn(occurredOn: string, quantity = '50.000') {
  const res = body<{ positionId: number }>(
    await keeper.post(
      '/api/warehouse/stock-in',
      {
        warehouseId,
        locationId: fromLocation,
        depositorId: demoId,
        goodsId: steelId,
        batchNo: `ORD-${randomUUID().slice(0, 8)}`,
        quantity,
        occurredOn,
        documentNo: 'RK-ORDER',
        idempotencyKey: key(),
      },
      { json: true },
    ),
  );
  expect(res.status).toBe('OK');
  return res.message.positionId;
}

async function stockOut(positionId: number, occurredOn: string) {
  const res = body(
    await keeper.post(
      '/api/warehouse/stock-out',
      { positionId, quantity: '1.000', occurredOn, documentNo: 'CK-ORDER', idempotencyKey: key() },
      { json: true },
    ),
  );
  expect(res.status).toBe('OK');
}

beforeAll(async () => {
  t = await createTestApp();
  keeper = await t.loginAs('cangchu');
  const db = t.database.db;
  demoId = (await db.select({ id: users.enterpriseId }).from(users).where(eq(users.loginName, 'demo')))[0]!.id!;
  const own = body<{ id: number; name: string; locations: { id: number }[] }[]>(await keeper.get('/api/warehouse/warehouses/own')).message;
  const suzhou = own.find((w) => w.name.includes('苏州'))!;
  warehouseId = suzhou.id;
  const goods = body<{ items: { id: number; name: string }[] }>(await keeper.get('/api/warehouse/goods', { size: 50 })).message.items;
  steelId = goods.find((g) => g.name === '热轧卷板')!.id;
  fromLocation = await zoneLocationFor(db, warehouseId, steelId);
  // A second location of the steel zone to move to (A-01 and A-02 in the demo world).
  const [other] = (
    (await db.execute(
      sql`select id from warehouse_locations where warehouse_id = ${warehouseId} and id <> ${fromLocation} and name = (select name from warehouse_locations where id = ${fromLocation}) order by id limit 1`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  toLocation = Number(other!.id);
});
afterEach(async () => {
  expect(await stockProblems(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

describe("a position's business date is stored with each movement (issue 38)", () => {
  it('a stock-out, a move and a back-dated entry each move the position in the inventory, page by page', async () => {
    const older = await stockIn(addDays(today(), -10));
    const newer = await stockIn(addDays(today(), -5));
    expect(await dateOf(older)).toBe(addDays(today(), -10));
    expect(await dateOf(newer)).toBe(addDays(today(), -5));
    let ids = (await page()).items.map((p) => p.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));

    // Today's stock-out puts the older position on top: nothing has a later day, and it is newer than the demo's.
    await stockOut(older, today());
    expect(await dateOf(older)).toBe(today());
    expect((await page({ page: 1, size: 1 })).items.map((p) => p.id)).toEqual([older]);

    // A move is two legs: the source and the new position at the target location both moved today.
    const moved = body<{ positionId: number; movementIds: number[] }>(
      await keeper.post(
        '/api/warehouse/stock-move',
        { positionId: newer, toLocationId: toLocation, quantity: '10.000', occurredOn: today(), idempotencyKey: key() },
        { json: true },
      ),
    );
    expect(moved.status).toBe('OK');
    const target = moved.message.positionId;
    expect(await dateOf(target)).toBe(today());
    expect(await dateOf(newer)).toBe(today());
    expect((await page({ page: 1, size: 3 })).items.map((p) => p.id)).toEqual([target, newer, older]);
    expect((await page({ page: 2, size: 1 })).items.map((p) => p.id)).toEqual([newer]);

    // The date is the last recorded movement's, as the ledger reads it: a movement entered for an earlier
    // day takes the position back to that day (and stock:check below holds the stored date to it).
    await stockOut(older, addDays(today(), -20));
    expect(await dateOf(older)).toBe(addDays(today(), -20));
    ids = (await page()).items.map((p) => p.id);
    expect(ids.slice(0, 2)).toEqual([target, newer]);
    expect(ids.indexOf(older)).toBeGreaterThan(ids.indexOf(newer));
    const all = (await page()).items;
    const byDate = [...all].sort((a, b) => (b.lastMovedOn ?? '').localeCompare(a.lastMovedOn ?? '') || b.id - a.id);
    expect(all.map((p) => p.id)).toEqual(byDate.map((p) => p.id));
  });

  it('stock:check names a position whose stored date is not its last movement', async () => {
    const id = await stockIn(addDays(today(), -3));
    const db = t.database.db;
    await db.execute(sql`update stock_positions set last_moved_on = ${addDays(today(), -4)} where id = ${id}`);
    const problems = await stockProblems(db);
    await db.execute(sql`update stock_positions set last_moved_on = ${addDays(today(), -3)} where id = ${id}`);
    expect(problems).toEqual([`库存 ${id}：缓存的最近出入库日期 ${addDays(today(), -4)}，账簿最后一条流水的日期 ${addDays(today(), -3)}`]);
  });

  it("migration 0036 backfills every position's date from the ledger as postMovements writes it", async () => {
    const db = t.database.db;
    await stockIn(addDays(today(), -7));
    const backfill = readFileSync(path.resolve('apps/server/drizzle/0036_stock_position_last_moved.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter((s) => /^UPDATE "stock_positions"/.test(s));
    expect(backfill).toHaveLength(1);
    const dates = `select id, last_moved_on::text as d from stock_positions order by id`;
    const read = async (tx: { execute: typeof db.execute }) => ((await tx.execute(sql.raw(dates))) as unknown as { rows: unknown[] }).rows;
    const written = await read(db);
    expect(written.filter((r) => (r as { d: string | null }).d !== null).length).toBeGreaterThan(4);
    let backfilled: unknown[] = [];
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update stock_positions set last_moved_on = null`);
        await tx.execute(sql.raw(backfill[0]!));
        backfilled = await read(tx);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
    expect(backfilled).toEqual(written);
  });
});
