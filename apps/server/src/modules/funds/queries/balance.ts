import type { Db, Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { virtualAccountBalance } from '../../ledger/index.ts';
import { readSiteConfig } from '../../system/index.ts';

/** The caller's own virtual account and its parts, or null before certification opened it. */
export const ownVirtualAccount = (db: Db | Tx, scope: EnterpriseScope) => virtualAccountBalance(db, scope.enterpriseId);

/** The balance card: the account, its parts (frozen including the pledge margins, named apart), the bank that holds it and the fees. */
export async function accountBalance(db: Db, scope: EnterpriseScope) {
  const account = await ownVirtualAccount(db, scope);
  if (!account) throw new BusinessError('本企业尚未开立虚拟账户，请联系客服');
  const cfg = await readSiteConfig(db);
  return {
    accountNo: account.accountNo,
    accountName: account.accountName,
    bank: cfg.virtualAccountBankName,
    balance: account.balance,
    frozen: account.frozen,
    available: account.available,
    controlled: account.controlled,
    margin: account.margin,
    fees: cfg.fees,
  };
}
