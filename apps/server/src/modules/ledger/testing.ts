import { randomUUID } from 'node:crypto';
import { depositEntry, type Cents } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { checkLedger } from './ledger-check.ts';
import { postEntry } from './post-entry.ts';

/** For tests: everything a posting changes, so "the ledger is untouched" is one equality. */
export async function ledgerFingerprint(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select (select count(*) from journal_entries)::bigint as e, (select count(*) from journal_lines)::bigint as l,
               (select string_agg(code || '=' || balance || '/' || line_count, ',' order by id) from ledger_accounts) as a`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return JSON.stringify(result.rows[0]);
}

/** For tests: the ledger:check problems (an empty list when the ledger is proven). */
export async function ledgerProblems(db: Db): Promise<string[]> {
  return (await checkLedger(db)).problems;
}

export const newKey = () => `k-${randomUUID()}`;

/** For tests: money straight into an enterprise's available funds (a posted bank receipt, no operator). */
export async function deposit(t: TestApp, enterpriseId: number, amount: number) {
  await t.database.db.transaction((tx) =>
    postEntry(tx, depositEntry({ enterpriseId, amount: amount as Cents, payer: { name: '测试入金', accountNo: null }, memo: '测试入金' })),
  );
}
