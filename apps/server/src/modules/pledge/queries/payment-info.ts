import type { Owed } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pledgeFinancings, pledgeMarginCalls } from '../../../db/schema/index.ts';
import { platformDirectory, transferVoucherOf, transferVouchersOfLoan } from '../../financing/index.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { readSiteConfig } from '../../system/index.ts';
import { pledgeInterestRefund, pledgeOwedOn } from '../balance.ts';
import { PLEDGE_VOUCHERS, voucherView } from '../voucher-store.ts';

/**
 * What the payment pages of a financing show (/pledge/bondVoucher, /pledge/giveGold,
 * /pledge/repaymentVoucher): the factor's receiving account for a transfer (the platform's, else the
 * site's factoring account), what is due now, and the transfer vouchers so far.
 */
export async function pledgePaymentInfo(db: Db, scope: Scope, financingId: number) {
  const [f] = await db
    .select()
    .from(pledgeFinancings)
    .where(and(eq(pledgeFinancings.id, financingId), ownedBy(scope, pledgeFinancings.enterpriseId)));
  if (!f) throw new NotFoundError('质押融资不存在');
  const [platform] = await db
    .select({ account: platformDirectory.repaymentAccount })
    .from(platformDirectory)
    .where(eq(platformDirectory.id, f.platformId));
  const site = await readSiteConfig(db);
  const [call] = await db
    .select({ id: pledgeMarginCalls.id, amount: pledgeMarginCalls.amount, deadline: pledgeMarginCalls.deadline })
    .from(pledgeMarginCalls)
    .where(and(eq(pledgeMarginCalls.financingId, f.id), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])));
  const vouchers = await transferVouchersOfLoan(db, PLEDGE_VOUCHERS, f.id);
  const live = f.status === 'DISBURSED' || f.status === 'REPAYING';
  const account = platform?.account ?? site.factoringAccount;
  return {
    financingId: f.id,
    financingNo: f.financingNo,
    status: f.status,
    receivingAccount: { accountName: account.accountName, bankBranchName: account.bankBranchName, accountNo: account.accountNo },
    margin: f.status === 'MARGIN_PENDING' && f.margin > 0 ? f.margin : null,
    marginCall: call ?? null,
    owed: live ? { ...owedFields(pledgeOwedOn(f, chinaToday())), interestRefund: pledgeInterestRefund(f, chinaToday()) } : null,
    vouchers: vouchers.map(voucherView),
  };
}

const owedFields = (o: Owed) => ({ total: o.total, principal: o.principal, interest: o.interest, penalty: o.penalty });

/** One voucher of the caller's enterprise, for the result page (/pledge/voucherSucess); another's is 404. */
export async function pledgeVoucherOf(db: Db, scope: Scope, voucherId: number) {
  const voucher = await transferVoucherOf(db, scope, PLEDGE_VOUCHERS, voucherId);
  if (!voucher) throw new NotFoundError('转账凭证不存在');
  return voucherView(voucher);
}
