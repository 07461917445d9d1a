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

/** The application as the portal knows it when it asks the bank for its decision. */
export interface BankApplicationRef {
  id: number;
  applicationNo: string;
  /** What the adapter answered at submission. */
  bankRef: string | null;
}

/**
 * The bank's answer to an application. A grant carries the bank's own terms — they may differ from
 * what was asked for — and the portal books exactly these: the agreement, the credit and every
 * drawdown's schedule input come from them.
 */
export type BankDecision =
  | { state: 'PENDING' }
  | {
      state: 'GRANTED';
      amount: number;
      annualRatePpm: number;
      termMonths: number;
      /** The last day the credit may be drawn on. */
      expiryDate: IsoDate;
      /** The portal user who decided for the bank (the built-in bank's operator); null for a bank outside. */
      decidedBy: number | null;
      comment: string | null;
    }
  | { state: 'REJECTED'; reason: string; decidedBy: number | null };

export interface BankDrawdown {
  /** The portal's number of the drawdown: the reference an adapter that calls out is idempotent on. */
  drawdownNo: string;
  applicationNo: string;
  applicationBankRef: string | null;
  enterpriseId: number;
  principal: number;
  schedule: ScheduleInput;
}

export interface BankRepayment {
  drawdownNo: string;
  /** What `draw` answered for the loan. */
  drawdownBankRef: string | null;
  /** The portal's ledger reference of the collection: unique per repayment, the idempotency reference. */
  refNo: string;
  kind: 'AUTO_DEBIT' | 'EARLY_INSTALMENT' | 'PAYOFF';
  period: number | null;
  principal: number;
  interest: number;
  penalty: number;
  businessDate: IsoDate;
}

/**
 * The bank behind the cloud loan (issues 15 and 22). The module talks to the bank only through this
 * interface; app.ts lists the adapters (`BANK_ADAPTERS`) and the site configuration names the one
 * that carries new applications (`bankAdapter` of the `cloudLoan` key). Each call runs inside the
 * caller's transaction: an adapter that calls out must be idempotent on the reference it is given,
 * since the transaction may still roll back.
 *
 * The decision: the portal learns it only from `queryDecision` — right after submitting (a bank that
 * decides at once), and whenever the bank reports that it decided (`bankDecisionArrived` in
 * operations/bank-decision-arrived.ts, the built-in bank's inbox decision included).
 */
export interface BankAdapter {
  readonly name: string;
  /** Hands an application to the bank; answers the bank's reference for it. */
  submitApplication(tx: Tx, application: BankApplication): Promise<{ bankRef: string }>;
  /** The bank's decision on an application so far, with the granted terms. */
  queryDecision(tx: Tx, application: BankApplicationRef): Promise<BankDecision>;
  /** Asks the bank to lend a drawdown; answers the bank's loan reference (stored on the drawdown). */
  draw(tx: Tx, drawdown: BankDrawdown): Promise<{ bankRef: string }>;
  /** Tells the bank of a repayment collected from the borrower's account; answers its reference (stored on the repayment). */
  repay(tx: Tx, repayment: BankRepayment): Promise<{ bankRef: string }>;
  /** The bank's repayment plan for a loan: the trial, the drawdown preview and the booked plan all come from here. */
  querySchedule(input: ScheduleInput): Schedule;
}

/** The bank adapters of one app, built in app.ts from its list and passed to the module (no module-global choice). */
export interface BankAdapters {
  /** The adapter of that name; a name nobody listed is a configuration error. */
  named(name: string): BankAdapter;
  names(): string[];
  /** Adds an adapter after the app was built: for tests with a bank of their own. */
  add(adapter: BankAdapter): void;
}
