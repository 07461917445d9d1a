import type { Owed } from '@factoring/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pledgeFinancings, pledgeMarginCalls, pledgeVouchers } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { readSiteConfig } from '../../system/index.ts';
import { pledgeInterestRefund, pledgeOwedOn } from '../balance.ts';
import { voucherView } from '../voucher-store.ts';

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
  const vouchers = await db.select().from(pledgeVouchers).where(eq(pledgeVouchers.financingId, f.id)).orderBy(desc(pledgeVouchers.id));
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
    vouchers: vouchers.map((v) => voucherView(v, f.financingNo)),
  };
}

const owedFields = (o: Owed) => ({ total: o.total, principal: o.principal, interest: o.interest, penalty: o.penalty });

/** One voucher of the caller's enterprise, for the result page (/pledge/voucherSucess); another's is 404. */
export async function pledgeVoucherOf(db: Db, scope: Scope, voucherId: number) {
  const [row] = await db
    .select({ v: pledgeVouchers, financingNo: pledgeFinancings.financingNo })
    .from(pledgeVouchers)
    .innerJoin(pledgeFinancings, eq(pledgeFinancings.id, pledgeVouchers.financingId))
    .where(and(eq(pledgeVouchers.id, voucherId), ownedBy(scope, pledgeVouchers.enterpriseId)));
  if (!row) throw new NotFoundError('转账凭证不存在');
  return voucherView(row.v, row.financingNo);
}
