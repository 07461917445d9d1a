import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { enterprises, ledgerAccounts, virtualAccounts } from '../../db/schema/index.ts';

export interface VirtualAccountBalance {
  enterpriseId: number;
  accountNo: string;
  accountName: string;
  /** available + frozen + controlled */
  balance: number;
  available: number;
  frozen: number;
  controlled: number;
}

const availableAccount = alias(ledgerAccounts, 'available_account');
const frozenAccount = alias(ledgerAccounts, 'frozen_account');
const controlledAccount = alias(ledgerAccounts, 'controlled_account');

/** The enterprise's virtual account and its three parts (cached balances, proven by ledger:check); null if none. */
export async function virtualAccountBalance(db: Db | Tx, enterpriseId: number): Promise<VirtualAccountBalance | null> {
  const [row] = await db
    .select({
      enterpriseId: virtualAccounts.enterpriseId,
      accountNo: virtualAccounts.accountNo,
      accountName: enterprises.name,
      available: availableAccount.balance,
      frozen: frozenAccount.balance,
      controlled: controlledAccount.balance,
    })
    .from(virtualAccounts)
    .innerJoin(enterprises, eq(enterprises.id, virtualAccounts.enterpriseId))
    .innerJoin(availableAccount, eq(availableAccount.id, virtualAccounts.availableAccountId))
    .innerJoin(frozenAccount, eq(frozenAccount.id, virtualAccounts.frozenAccountId))
    .innerJoin(controlledAccount, eq(controlledAccount.id, virtualAccounts.controlledAccountId))
    .where(eq(virtualAccounts.enterpriseId, enterpriseId));
  if (!row) return null;
  return { ...row, balance: row.available + row.frozen + row.controlled };
}

/** The virtual account with the given number (and its enterprise's name), or null. */
export async function virtualAccountByNo(db: Db | Tx, accountNo: string) {
  const [row] = await db
    .select({ enterpriseId: virtualAccounts.enterpriseId, accountNo: virtualAccounts.accountNo, accountName: enterprises.name })
    .from(virtualAccounts)
    .innerJoin(enterprises, eq(enterprises.id, virtualAccounts.enterpriseId))
    .where(eq(virtualAccounts.accountNo, accountNo));
  return row ?? null;
}
