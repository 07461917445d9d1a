import { eq, inArray } from 'drizzle-orm';
import { depositEntry, type Cents } from '@factoring/domain';
import type { Db } from '../db/client.ts';
import { enterprises, ledgerAccounts, users } from '../db/schema/index.ts';
import { openVirtualAccount, postEntry } from '../modules/ledger/index.ts';

/** Opening deposits of the demo world, by login: a funded account to try withdrawals and transfers with. */
export const DEMO_OPENING_DEPOSITS: Record<string, Cents> = {
  demo: 125_000_000 as Cents, // ¥1,250,000.00
  gouxiao: 30_000_000 as Cents, // ¥300,000.00
  cangchu: 8_000_000 as Cents, // ¥80,000.00
};

/**
 * Virtual accounts for every certified enterprise, and the demo logins' opening deposits posted
 * through the ledger (a bank receipt credited to the virtual account). Idempotent: an account that
 * already has ledger lines gets no second deposit.
 */
export async function seedFunds(db: Db) {
  await db.transaction(async (tx) => {
    const certified = await tx
      .select({ id: enterprises.id })
      .from(enterprises)
      .where(eq(enterprises.certified, true))
      .orderBy(enterprises.id);
    for (const e of certified) await openVirtualAccount(tx, e.id);

    const owners = await tx
      .select({ loginName: users.loginName, enterpriseId: users.enterpriseId })
      .from(users)
      .where(inArray(users.loginName, Object.keys(DEMO_OPENING_DEPOSITS)));
    for (const owner of owners) {
      if (!owner.enterpriseId || !certified.some((e) => e.id === owner.enterpriseId)) continue;
      const [available] = await tx
        .select({ lineCount: ledgerAccounts.lineCount })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, `VA:${owner.enterpriseId}:AVAILABLE`));
      if (!available || available.lineCount > 0) continue;
      await postEntry(
        tx,
        depositEntry({
          enterpriseId: owner.enterpriseId,
          amount: DEMO_OPENING_DEPOSITS[owner.loginName],
          memo: '期初入金',
        }),
      );
    }
  });
}
