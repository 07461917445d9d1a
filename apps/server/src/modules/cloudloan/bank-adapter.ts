import type { IsoDate, RepaymentMethod, Schedule, ScheduleInput } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';

/** What the bank is told about an application. */
export interface BankApplication {
  id: number;
  applicationNo: string;
  enterpriseId: number;
  amount: number;
  termMonths: number;
  method: RepaymentMethod;
  purpose: string;
  lastYearRevenue: number;
  lastYearTax: number;
  contactName: string;
  contactPhone: string;
  submittedBy: { id: number; name: string; ip?: string };
}

/** The bank's answer to an application. */
export type BankDecision =
  | { state: 'PENDING' }
  | {
      state: 'GRANTED';
      amount: number;
      annualRatePpm: number;
      termMonths: number;
      expiryDate: IsoDate;
      decidedBy: number | null;
      comment: string | null;
    }
  | { state: 'REJECTED'; reason: string; decidedBy: number | null };

export interface BankDrawdown {
  drawdownNo: string;
  applicationBankRef: string | null;
  enterpriseId: number;
  principal: number;
  schedule: ScheduleInput;
}

export interface BankRepayment {
  drawdownBankRef: string | null;
  kind: 'AUTO_DEBIT' | 'EARLY_INSTALMENT' | 'PAYOFF';
  period: number | null;
  principal: number;
  interest: number;
  penalty: number;
  businessDate: IsoDate;
}

/**
 * The bank behind the cloud loan (issue 15). The rest of the module talks only to this interface,
 * so a real bank's API can be plugged in by configuration (`bankAdapter` of the `cloudLoan` site
 * configuration). Each call runs inside the caller's transaction: an adapter that calls out must
 * be idempotent on the reference it is given, since the transaction may still roll back.
 */
export interface BankAdapter {
  readonly name: string;
  /** Hands an application to the bank; answers the bank's reference for it. */
  submitApplication(tx: Tx, application: BankApplication): Promise<{ bankRef: string }>;
  /** The bank's decision on an application so far. */
  queryDecision(tx: Tx, application: { id: number; bankRef: string | null }): Promise<BankDecision>;
  /** Asks the bank to lend a drawdown; answers the bank's loan reference. */
  draw(tx: Tx, drawdown: BankDrawdown): Promise<{ bankRef: string }>;
  /** Tells the bank of a repayment collected from the borrower's account. */
  repay(tx: Tx, repayment: BankRepayment): Promise<{ bankRef: string }>;
  /** The bank's repayment plan for a loan: the trial, the drawdown preview and the booked plan all come from here. */
  querySchedule(input: ScheduleInput): Schedule;
}
