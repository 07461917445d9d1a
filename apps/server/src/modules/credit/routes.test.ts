import { addDays } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLines, platforms, users } from '../../db/schema/index.ts';
import { DEMO_PLATFORM_CODES } from '../../seed/supplyloan.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { runStep } from '../../jobs/close-of-business.ts';
import { creditLineExpiryStep } from './close-of-day.ts';
import { todayChina } from './credit-lines.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Paged = {
  status: string;
  message: {
    items: { platformName: string; expiryDate: string; product: string; available: number; daysLeft: number }[];
    totalCount: number;
  };
};

describe('expiry reminders (SPEC §4, §7)', () => {
  it('the seeded pledge credit line expires within 30 days: stockloan lists it, supply does not', async () => {
    const demo = await t.loginAs('demo');
    const supply = (await demo.get('/api/credit/querywillexpire', { page: 1, size: 10 })).json() as Paged;
    const pledge = (await demo.get('/api/stockloan/credit/querywillexpire', { page: 1, size: 10 })).json() as Paged;
    expect(supply).toEqual({ status: 'OK', message: { items: [], totalCount: 0 } });
    expect(pledge.message.totalCount).toBe(1);
    expect(pledge.message.items[0]).toMatchObject({
      platformName: '安储仓单质押融资平台',
      product: 'PLEDGE',
      expiryDate: addDays(todayChina(), 20),
      daysLeft: 20,
      // ¥2,000,000.00 line less the seeded pledge financing's ¥800,000.00 (seed/pledge.ts).
      available: 120_000_000,
    });
  });

  it('a supply line moved into the window shows; one already expired or beyond 30 days does not', async () => {
    const db = t.database.db;
    const [supply] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.supply));
    const demo = await t.loginAs('demo');
    const [me] = await db.select().from(users).where(eq(users.loginName, 'demo'));
    const where = and(eq(creditLines.platformId, supply.id), eq(creditLines.enterpriseId, me.enterpriseId!));
    const [line] = await db.select().from(creditLines).where(where);
    const count = async () => ((await demo.get('/api/credit/querywillexpire', { page: 1, size: 10 })).json() as Paged).message.totalCount;
    try {
      await db
        .update(creditLines)
        .set({ expiryDate: addDays(todayChina(), 30) })
        .where(where);
      expect(await count()).toBe(1);
      await db
        .update(creditLines)
        .set({ expiryDate: addDays(todayChina(), 31) })
        .where(where);
      expect(await count()).toBe(0);
      await db.update(creditLines).set({ expiryDate: todayChina() }).where(where);
      expect(await count()).toBe(1); // expires at the end of today
      await db
        .update(creditLines)
        .set({ expiryDate: addDays(todayChina(), -1) })
        .where(where);
      expect(await count()).toBe(0);
    } finally {
      await db.update(creditLines).set({ expiryDate: line.expiryDate, status: 'ACTIVE' }).where(where);
    }
  });

  it('pages with page/size and answers {items,totalCount}; a bad size is a 400 naming the field', async () => {
    const demo = await t.loginAs('demo');
    const second = (await demo.get('/api/stockloan/credit/querywillexpire', { page: 2, size: 10 })).json() as Paged;
    expect(second.message).toEqual({ items: [], totalCount: 1 });
    const bad = await demo.get('/api/credit/querywillexpire', { page: 1, size: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('size');
  });

  it('only the caller’s own lines; an operator (no enterprise) gets an empty page; logged out is 401', async () => {
    const gouxiao = await t.loginAs('gouxiao');
    expect(((await gouxiao.get('/api/stockloan/credit/querywillexpire')).json() as Paged).message.totalCount).toBe(0);
    const operator = await t.loginAs('operator');
    expect((await operator.get('/api/credit/querywillexpire')).json()).toEqual({ status: 'OK', message: { items: [], totalCount: 0 } });
    expect((await t.client().get('/api/credit/querywillexpire')).statusCode).toBe(401);
  });

  it('the home dashboard lists every credit line of the enterprise: the supply line and the pledge line the reminder announces', async () => {
    const demo = await t.loginAs('demo');
    const res = demo.get('/api/credit/lines');
    const lines = ((await res).json() as { status: string; message: Record<string, unknown>[] }).message;
    expect(lines.map((l) => l.product)).toEqual(['SUPPLY', 'PLEDGE']);
    const announced = ((await demo.get('/api/stockloan/credit/querywillexpire')).json() as Paged).message.items[0]!;
    expect(lines[1]).toMatchObject({
      platformName: announced.platformName,
      productLabel: '货押融资',
      expiryDate: announced.expiryDate,
      daysLeft: announced.daysLeft,
      available: announced.available,
      status: 'ACTIVE',
      statusLabel: '生效中',
    });
    expect(lines[0]).toMatchObject({ productLabel: '供应链融资' });
    // Enterprises only: an operator is refused, a visitor is 401.
    const operator = await t.loginAs('operator');
    expect((await operator.get('/api/credit/lines')).statusCode).toBe(403);
    expect((await t.client().get('/api/credit/lines')).statusCode).toBe(401);
  });

  it('the close of business expires lines past their expiry date', async () => {
    const db = t.database.db;
    const [pledge] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.pledge));
    const result = await runStep(db, creditLineExpiryStep, addDays(todayChina(), 21));
    expect(result.expiredCreditLines).toBe(1);
    const [line] = await db.select().from(creditLines).where(eq(creditLines.platformId, pledge.id));
    expect(line.status).toBe('EXPIRED');
  });
});
