/**
 * Issue 10, known risks: a deadlock or serialization failure is retried by the one transaction
 * helper (bounded, logged), and a contract PDF written inside a transaction that rolls back is
 * deleted again.
 */
import { readdirSync } from 'node:fs';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, users } from '../db/schema/index.ts';
import { inTransaction, MAX_ATTEMPTS } from '../db/transaction.ts';
import { generateContract, contractStorageDir } from '../modules/contracts/index.ts';
import { TEST_CONTRACT_KIND } from '../modules/contracts/testing.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const quiet = { warn: () => undefined };
const pgError = (code: string) => Object.assign(new Error(`simulated ${code}`), { code });
const contractFiles = () => {
  try {
    return readdirSync(contractStorageDir()).filter((f) => f.endsWith('.pdf')).length;
  } catch {
    return 0;
  }
};

describe('inTransaction', () => {
  it('runs a transaction again after a serialization failure and answers its result', async () => {
    let attempts = 0;
    const result = await inTransaction(
      t.database.db,
      async (tx) => {
        attempts += 1;
        await tx.execute(sql`select 1`);
        if (attempts === 1) throw pgError('40001');
        return 'done';
      },
      { log: quiet },
    );
    expect(result).toBe('done');
    expect(attempts).toBe(2);
  });

  it('gives up after a bounded number of attempts, and never retries other errors', async () => {
    let attempts = 0;
    await expect(
      inTransaction(t.database.db, async () => ((attempts += 1), Promise.reject(pgError('40P01'))), { log: quiet }),
    ).rejects.toThrow('40P01');
    expect(attempts).toBe(MAX_ATTEMPTS);
    attempts = 0;
    await expect(
      inTransaction(t.database.db, async () => ((attempts += 1), Promise.reject(pgError('23505'))), { log: quiet }),
    ).rejects.toThrow('23505');
    expect(attempts).toBe(1);
  });

  it('turns a real deadlock (rows locked in opposite orders) into two committed transactions', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite runs one transaction at a time: no deadlock to provoke
    const [a, b] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.loginName, ['cangchu', 'gouxiao']))
      .orderBy(users.id);
    let bothHoldFirstLock!: () => void;
    const barrier = new Promise<void>((r) => (bothHoldFirstLock = r));
    let holding = 0;
    const crossing = (first: number, second: number) =>
      inTransaction(
        t.database.db,
        async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, first)).for('update');
          if (++holding === 2) bothHoldFirstLock();
          await Promise.race([barrier, new Promise((r) => setTimeout(r, 2000))]);
          await tx.select({ id: users.id }).from(users).where(eq(users.id, second)).for('update');
          return 'committed';
        },
        { log: quiet },
      );
    expect(await Promise.all([crossing(a.id, b.id), crossing(b.id, a.id)])).toEqual(['committed', 'committed']);
  }, 30_000);
});

describe('contract files and rollbacks', () => {
  it('deletes the PDF of a contract whose transaction rolls back', async () => {
    const [demo] = await t.database.db.select().from(users).where(eq(users.loginName, 'demo'));
    const filesBefore = contractFiles();
    const [{ n: rowsBefore }] = await t.database.db.select({ n: count() }).from(contracts);
    let written = 0;
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await generateContract(tx, {
          enterpriseId: demo.enterpriseId!,
          kind: TEST_CONTRACT_KIND,
          relatedType: 'FINANCING',
          relatedId: 2_147_483_647,
          title: '回滚测试合同',
          counterparty: '鑫链商业保理有限公司',
          amount: 100,
        });
        written = contractFiles();
        throw new Error('the business rule after the contract refused');
      }),
    ).rejects.toThrow('refused');
    expect(written).toBe(filesBefore + 1);
    expect(contractFiles()).toBe(filesBefore);
    expect((await t.database.db.select({ n: count() }).from(contracts))[0].n).toBe(rowsBefore);
  });

  it('deletes it too when the contract was written in a nested transaction that committed and the outer one rolls back', async () => {
    // The shape of `runOnce`: the idempotency key's transaction around an operation with its own `inTransaction`.
    const [demo] = await t.database.db.select().from(users).where(eq(users.loginName, 'demo'));
    const filesBefore = contractFiles();
    const [{ n: rowsBefore }] = await t.database.db.select({ n: count() }).from(contracts);
    await expect(
      inTransaction(t.database.db, async (outer) => {
        await inTransaction(outer, (tx) =>
          generateContract(tx, {
            enterpriseId: demo.enterpriseId!,
            kind: TEST_CONTRACT_KIND,
            relatedType: 'FINANCING',
            relatedId: 2_147_483_647,
            title: '嵌套回滚测试合同',
            counterparty: '鑫链商业保理有限公司',
            amount: 100,
          }),
        );
        expect(contractFiles()).toBe(filesBefore + 1);
        throw new Error('the outer transaction refused after the nested one committed');
      }),
    ).rejects.toThrow('refused');
    expect(contractFiles()).toBe(filesBefore);
    expect((await t.database.db.select({ n: count() }).from(contracts))[0].n).toBe(rowsBefore);
  });
});
