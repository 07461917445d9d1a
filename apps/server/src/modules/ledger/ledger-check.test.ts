import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { checkLedger } from './ledger-check.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ledger check (npm run ledger:check)', () => {
  it('proves the seeded demo ledger: opening deposits balanced and cached', async () => {
    const report = await checkLedger(t.database.db);
    expect(report.problems).toEqual([]);
    expect(report.entries).toBeGreaterThanOrEqual(3);
    expect(report.turnover).toBeGreaterThanOrEqual(125_000_000 + 30_000_000 + 8_000_000);
  });

  it('finds a cached balance that differs from its ledger sum', async () => {
    await t.database.db.execute(sql`update ledger_accounts set balance = balance + 1 where code = 'BANK_CASH'`);
    expect((await checkLedger(t.database.db)).problems).toEqual([expect.stringContaining('BANK_CASH 缓存余额')]);
    await t.database.db.execute(sql`update ledger_accounts set balance = balance - 1 where code = 'BANK_CASH'`);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('finds an entry that does not balance (written around the posting code)', async () => {
    const res = (await t.database.db.execute(sql`insert into journal_entries (kind) values ('DEPOSIT') returning id`)) as unknown as {
      rows: { id: number }[];
    };
    const id = res.rows[0].id;
    await t.database.db.execute(
      sql`insert into journal_lines (entry_id, account_id, side, amount, flow_type) select ${id}, id, 'D', 5, 'BANK_RECEIPT' from ledger_accounts where code = 'BANK_CASH'`,
    );
    const problems = (await checkLedger(t.database.db)).problems;
    expect(problems).toContainEqual(expect.stringContaining(`分录 ${id} 不平衡或行数不足`));
    expect(problems).toContainEqual(expect.stringContaining('试算不平衡'));
  });
});
