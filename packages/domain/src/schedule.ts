// Repayment schedules (PRODUCT §2): monthly rate r = annual / 12, every figure rounded half-up to
// the cent, the last period clears the balance so the principal column sums to P exactly.
import { addMonths, isIsoDate, type IsoDate } from './dates.ts';
import { DomainError } from './errors.ts';
import { interestBetween } from './interest.ts';
import { addCents, cents, PPM, subCents, sumCents, type Cents, type RatePpm } from './money.ts';
import { Dec, roundHalfUp } from './precise.ts';

export type RepaymentMethod = 'EQUAL_INSTALMENT' | 'EQUAL_PRINCIPAL' | 'INTEREST_FIRST' | 'BULLET';

export const REPAYMENT_METHOD_LABELS: Readonly<Record<RepaymentMethod, string>> = {
  EQUAL_INSTALMENT: '等额本息',
  EQUAL_PRINCIPAL: '等额本金',
  INTEREST_FIRST: '先息后本',
  BULLET: '到期一次还本付息',
};

export const REPAYMENT_METHODS: readonly { value: RepaymentMethod; label: string }[] = (
  Object.keys(REPAYMENT_METHOD_LABELS) as RepaymentMethod[]
).map((value) => ({ value, label: REPAYMENT_METHOD_LABELS[value] }));

export function isRepaymentMethod(value: unknown): value is RepaymentMethod {
  return typeof value === 'string' && Object.hasOwn(REPAYMENT_METHOD_LABELS, value);
}

export const MAX_SCHEDULE_MONTHS = 600;

export interface ScheduleInput {
  principal: Cents;
  annualRatePpm: RatePpm;
  months: number;
  method: RepaymentMethod;
  startDate: IsoDate;
}

export interface ScheduleRow {
  period: number;
  dueDate: IsoDate;
  payment: Cents;
  principal: Cents;
  interest: Cents;
  /** Principal still owed after this period's payment. */
  remaining: Cents;
}

export interface Schedule {
  rows: ScheduleRow[];
  totals: { payment: Cents; principal: Cents; interest: Cents };
}

function toCents(value: Dec): Cents {
  return cents(roundHalfUp(value).toNumber());
}

/** The equal-instalment monthly payment A = P·r·(1+r)^n / ((1+r)^n − 1), rounded half-up. */
export function equalInstalmentPayment(principal: Cents, annualRatePpm: RatePpm, months: number): Cents {
  const r = new Dec(annualRatePpm).div(12 * PPM);
  if (r.isZero()) return toCents(new Dec(principal).div(months));
  const growth = r.plus(1).pow(months);
  return toCents(new Dec(principal).mul(r).mul(growth).div(growth.minus(1)));
}

function validate(input: ScheduleInput): void {
  const { principal, annualRatePpm, months, method, startDate } = input;
  if (!Number.isSafeInteger(principal) || principal <= 0) throw new DomainError('借款金额必须大于0');
  if (!Number.isSafeInteger(annualRatePpm) || annualRatePpm < 0) throw new DomainError('年利率不能为负数');
  if (!Number.isInteger(months) || months < 1 || months > MAX_SCHEDULE_MONTHS) {
    throw new DomainError(`期限必须是1到${MAX_SCHEDULE_MONTHS}之间的整数月`);
  }
  if (!isRepaymentMethod(method)) throw new DomainError('还款方式不正确');
  if (!isIsoDate(startDate)) throw new DomainError('起息日格式不正确，应为YYYY-MM-DD');
}

export function buildSchedule(input: ScheduleInput): Schedule {
  validate(input);
  const { principal, annualRatePpm, months, method, startDate } = input;
  const r = new Dec(annualRatePpm).div(12 * PPM);
  const rows: ScheduleRow[] = [];

  if (method === 'BULLET') {
    const dueDate = addMonths(startDate, months);
    const interest = interestBetween(principal, annualRatePpm, startDate, dueDate);
    rows.push({ period: 1, dueDate, payment: addCents(principal, interest), principal, interest, remaining: cents(0) });
  } else {
    // Target principal per period for EQUAL_PRINCIPAL; for EQUAL_INSTALMENT the fixed payment.
    const instalment = equalInstalmentPayment(principal, annualRatePpm, months);
    const equalPrincipal = toCents(new Dec(principal).div(months));
    let balance = principal;
    for (let period = 1; period <= months; period += 1) {
      const interest = toCents(r.mul(balance));
      let principalPart: Cents;
      if (period === months) principalPart = balance;
      else if (method === 'INTEREST_FIRST') principalPart = cents(0);
      else if (method === 'EQUAL_PRINCIPAL') principalPart = equalPrincipal;
      else principalPart = subCents(instalment, interest);
      // Rounding up on tiny amounts must never repay more than is owed before the last period.
      if (principalPart > balance) principalPart = balance;
      balance = subCents(balance, principalPart);
      rows.push({
        period,
        dueDate: addMonths(startDate, period),
        payment: addCents(principalPart, interest),
        principal: principalPart,
        interest,
        remaining: balance,
      });
    }
  }

  return {
    rows,
    totals: {
      payment: sumCents(rows.map((row) => row.payment)),
      principal: sumCents(rows.map((row) => row.principal)),
      interest: sumCents(rows.map((row) => row.interest)),
    },
  };
}
