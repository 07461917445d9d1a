// The bank cloud loan as a lending product of the one loan book (issue 35): the partner bank's book,
// arranged by the factor, no debtor or collateral; repaid by instalments the bank debits. Registered
// once, in app.ts, with the banks it reaches (the debit step goes through their adapters).
import { compareIsoDates, daysBetween } from '@factoring/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { cloudLoanDrawdowns } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import type { LendingProduct, LoanPosition } from '../financing/index.ts';
import type { BankAdapters } from './bank-adapter.ts';
import { cloudLoanDebitStep } from './jobs/daily-debit.ts';
import { eligibilityScope, isCloudLoanInMenu } from './eligibility.ts';
import { CLOUD_LOAN_CONTRACT_KIND } from './contract-kind.ts';
import { CLOUD_LOAN_TASK_TYPES } from './operator-bank.ts';
import { cloudLoanArrears } from './overdue.ts';
import { payoffQuote } from './servicing.ts';
import { plans } from './store.ts';

export const cloudLoanProduct = (banks: BankAdapters): LendingProduct => ({
  label: '银行云贷',
  area: { tag: 'cloudloan', label: '银行云贷' },
  lines: [{ code: 'CLOUD', label: '银行云贷（银行账簿）', side: 'BANK' }],
  /** Not settled: the pay-off quote of the loan detail; days past due from the oldest unpaid instalment. */
  positions: async (db, asOf) => {
    const live = await db
      .select({ d: cloudLoanDrawdowns, borrowerName: enterpriseDirectory.name })
      .from(cloudLoanDrawdowns)
      .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, cloudLoanDrawdowns.enterpriseId))
      .where(inArray(cloudLoanDrawdowns.status, ['DRAWN', 'REPAYING']))
      .orderBy(asc(cloudLoanDrawdowns.id));
    if (!live.length) return [];
    const booked = await plans.plansOf(
      db,
      live.map((l) => l.d.id),
    );
    return live.map(({ d, borrowerName }): LoanPosition => {
      const plan = booked.get(d.id)!;
      const q = payoffQuote(d, plan, asOf);
      const oldest = plan.find((i) => i.status === 'PENDING');
      const late = oldest && compareIsoDates(asOf, oldest.dueDate) > 0 ? daysBetween(oldest.dueDate, asOf) : 0;
      return {
        product: 'CLOUD',
        id: d.id,
        financingNo: d.financingNo,
        borrowerId: d.enterpriseId,
        borrowerName,
        debtorId: null,
        debtorName: null,
        platformId: null,
        platformName: null,
        warehouseId: null,
        warehouseName: null,
        goodsId: null,
        goodsName: null,
        dueDate: oldest?.dueDate ?? d.dueDate,
        daysPastDue: late,
        principal: q.principal,
        interest: q.interest,
        penalty: q.penalty,
      };
    });
  },
  arrears: cloudLoanArrears,
  taskTypes: CLOUD_LOAN_TASK_TYPES,
  contractKinds: [CLOUD_LOAN_CONTRACT_KIND],
  closeOfBusinessSteps: [cloudLoanDebitStep(banks)],
  // Its entries: for an enterprise that may apply, or already has an application to follow.
  menuGates: { CLOUD_LOAN: (db, request, loans) => isCloudLoanInMenu(db, eligibilityScope(request), loans) },
});
