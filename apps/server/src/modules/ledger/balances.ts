import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, virtualAccounts } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';

export interface VirtualAccountBalance {
  enterpriseId: number;
  accountNo: string;
  accountName: string;
  /** available + frozen + controlled */
  balance: number;
  available: number;
  /** Held for pending withdrawals (the FROZEN part) and as the margins of live pledge financings (the MARGIN part). */
  frozen: number;
  controlled: number;
  /** The pledge margins within `frozen` (PRODUCT §8: the margin stays the enterprise's money, shown as frozen). */
  margin: number;
}

const availableAccount = alias(ledgerAccounts, 'available_account');
const frozenAccount = alias(ledgerAccounts, 'frozen_account');
const controlledAccount = alias(ledgerAccounts, 'controlled_account');
const marginAccount = alias(ledgerAccounts, 'margin_account');

/**
 * The enterprise's virtual account as it sees it (cached balances, proven by ledger:check): available,
 * frozen (pending withdrawals + pledge margins, the ledger's FROZEN and MARGIN parts) and controlled;
 * null if none.
 */
export async function virtualAccountBalance(db: Db | Tx, enterpriseId: number): Promise<VirtualAccountBalance | null> {
  const [row] = await db
    .select({
      enterpriseId: virtualAccounts.enterpriseId,
      accountNo: virtualAccounts.accountNo,
      accountName: enterpriseDirectory.name,
      available: availableAccount.balance,
      frozen: frozenAccount.balance,
      controlled: controlledAccount.balance,
      margin: marginAccount.balance,
    })
    .from(virtualAccounts)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, virtualAccounts.enterpriseId))
    .innerJoin(availableAccount, eq(availableAccount.id, virtualAccounts.availableAccountId))
    .innerJoin(frozenAccount, eq(frozenAccount.id, virtualAccounts.frozenAccountId))
    .innerJoin(controlledAccount, eq(controlledAccount.id, virtualAccounts.controlledAccountId))
    .innerJoin(marginAccount, eq(marginAccount.id, virtualAccounts.marginAccountId))
    .where(eq(virtualAccounts.enterpriseId, enterpriseId));
  if (!row) return null;
  const frozen = row.frozen + row.margin;
  return { ...row, frozen, balance: row.available + frozen + row.controlled };
}

/** The virtual account with the given number (and its enterprise's name), or null. */
export async function virtualAccountByNo(db: Db | Tx, accountNo: string) {
  const [row] = await db
    .select({ enterpriseId: virtualAccounts.enterpriseId, accountNo: virtualAccounts.accountNo, accountName: enterpriseDirectory.name })
    .from(virtualAccounts)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, virtualAccounts.enterpriseId))
    .where(eq(virtualAccounts.accountNo, accountNo));
  return row ?? null;
}

/** The balance of one of the factor's own accounts by its code (e.g. RISK_RESERVE), 0 before its first posting. */
export async function factorAccountBalance(db: Db | Tx, code: string): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row?.balance ?? 0;
}
