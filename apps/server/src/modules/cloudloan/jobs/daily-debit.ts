import { compareIsoDates, formatYuan, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { cloudLoanDrawdowns } from '../../../db/schema/index.ts';
import type { CloseOfBusinessStep } from '../../../jobs/close-of-business.ts';
import { lockAccounts } from '../../ledger/index.ts';
import type { BankAdapters } from '../bank-adapter.ts';
import { collectInstalment, dueNowOf, instalmentsOf, markOverdue } from '../servicing.ts';
import { plans } from '../store.ts';

export interface CloudLoanDebitResult {
  /** Instalments collected by this run. */
  debited: number;
  debitedTotal: number;
  /** Instalments left unpaid (overdue) after this run, and their penalty to date. */
  overdue: number;
  penaltyToDate: number;
  settled: number;
}

/**
 * The cloud loan's step of the close of business (issue 15): every unpaid instalment due on or
 * before the date is collected from the enterprise's available funds, oldest first, with penalty
 * interest for the days it is late; when the available balance is short, the instalment (and its
 * loan) is marked overdue with its penalty to date and the loan's later instalments wait behind it.
 * Due dates missed while the server was down are caught up by the next run. Each collection is
 * reported to the loan's bank through its adapter (`banks`: the app's registry).
 */
export async function debitDueInstalments(tx: Tx, banks: BankAdapters, runDate: IsoDate): Promise<CloudLoanDebitResult> {
  const result: CloudLoanDebitResult = { debited: 0, debitedTotal: 0, overdue: 0, penaltyToDate: 0, settled: 0 };
  const due = await plans.loansDue(tx, runDate);
  if (due.length) {
    // Loans first in id order, then (inside each posting) the ledger accounts: the order user repayments use.
    const loans = await tx
      .select()
      .from(cloudLoanDrawdowns)
      .where(and(inArray(cloudLoanDrawdowns.id, due), ne(cloudLoanDrawdowns.status, 'SETTLED')))
      .orderBy(asc(cloudLoanDrawdowns.id))
      .for('update');
    for (let loan of loans) {
      const [available] = (await lockAccounts(tx, [{ enterpriseId: loan.enterpriseId, bucket: 'AVAILABLE' }])).values();
      let balance = available.balance;
      for (const i of await instalmentsOf(tx, loan.id)) {
        if (i.status !== 'PENDING' || compareIsoDates(i.dueDate, runDate) > 0) continue;
        const owed = dueNowOf(loan, i, runDate);
        if (balance < owed) {
          await markOverdue(tx, loan, i, runDate);
          result.overdue += 1;
          result.penaltyToDate += owed - i.payment;
          break; // later instalments wait behind the unpaid one
        }
        const paid = await collectInstalment(tx, banks, loan, i, 'AUTO_DEBIT', runDate, null);
        balance -= paid.total;
        result.debited += 1;
        result.debitedTotal += paid.total;
        [loan] = await tx.select().from(cloudLoanDrawdowns).where(eq(cloudLoanDrawdowns.id, loan.id));
        if (loan.status === 'SETTLED') result.settled += 1;
      }
    }
  }
  return result;
}

/** The daily instalment debit with the app's bank adapters (app.ts CLOSE_OF_BUSINESS_STEPS). */
export const cloudLoanDebitStep = (banks: BankAdapters): CloseOfBusinessStep<CloudLoanDebitResult> => ({
  name: 'cloudloan-debits',
  label: '银行云贷：到期扣款、逾期标记与罚息',
  run: (tx, runDate) => debitDueInstalments(tx, banks, runDate),
  summary: (r) =>
    `扣款 ${r.debited} 期，共 ¥${formatYuan(r.debitedTotal)}；结清 ${r.settled} 笔；逾期 ${r.overdue} 期（罚息 ¥${formatYuan(r.penaltyToDate)}）`,
});
