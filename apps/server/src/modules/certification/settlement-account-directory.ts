import { directoryOf } from '../../db/directory.ts';
import { settlementAccounts } from '../../db/schema/index.ts';

/**
 * Which bank account each enterprise bound as its settlement account (issue 35, walls for tables): the fund
 * flows leave out money from or to the enterprise's own account. Read-only, joined like the table.
 */
export const settlementAccountDirectory = directoryOf(settlementAccounts, {
  enterpriseId: settlementAccounts.enterpriseId,
  accountNo: settlementAccounts.accountNo,
})('settlement_account_directory');
