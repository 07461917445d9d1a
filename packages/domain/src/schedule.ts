// Repayment schedules (PRODUCT §2): monthly rate r = annual / 12, every figure rounded half-up to
// the cent, the last period clears the balance so the principal column sums to P exactly.
//
// Every charge is computed from exact integers with one division at the end: a month's interest is
// balance × ppm / (12 × 1,000,000), the equal instalment P·k·(d+k)^n / (d·((d+k)^n − d^n)) with
// k = ppm and d = 12 × 1,000,000. No rate is ever rounded before it is multiplied, so an exact half
// cent rounds up (18,000 cents at 4.9 %: 73.5 → 74, where a rounded monthly rate gave 73).
import { addMonths, isIsoDate, type IsoDate } from './dates.ts';
import { DomainError } from './errors.ts';
import { interestBetween } from './interest.ts';
import { addCents, cents, PPM, subCents, sumCents, type Cents, type RatePpm } from './money.ts';

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
  /**
   * The term asked for, when the rounding rule repays the loan before it ends: the trailing periods
   * would be ¥0.00 instalments, so they are left out and `rows` is shorter than the term.
   */
  shortenedFrom: number | null;
}

const MONTHLY_DENOMINATOR = BigInt(12 * PPM);

/** num / den rounded half-up, for num ≥ 0 and den > 0. */
function divHalfUp(num: bigint, den: bigint): bigint {
  return (2n * num + den) / (2n * den);
}

function toCents(value: bigint): Cents {
  return cents(Number(value));
}

/** One month's interest on a balance: balance × ppm / (12 × 1,000,000), rounded half-up once. */
export function monthlyInterest(balance: Cents, annualRatePpm: RatePpm): Cents {
  return toCents(divHalfUp(BigInt(balance) * BigInt(annualRatePpm), MONTHLY_DENOMINATOR));
}

/** The equal-instalment monthly payment A = P·r·(1+r)^n / ((1+r)^n − 1), exact, rounded half-up. */
export function equalInstalmentPayment(principal: Cents, annualRatePpm: RatePpm, months: number): Cents {
  const p = BigInt(principal);
  const n = BigInt(months);
  if (annualRatePpm === 0) return toCents(divHalfUp(p, n));
  const k = BigInt(annualRatePpm);
  const d = MONTHLY_DENOMINATOR;
  const grown = (d + k) ** n;
  return toCents(divHalfUp(p * k * grown, d * (grown - d ** n)));
}

function validate(input: ScheduleInput): void {
  const { principal, annualRatePpm, months, method, startDate } = input;
  if (!Number.isSafeInteger(principal) || principal <= 0) throw new DomainError('借款金额必须大于0');
  if (!Number.isSafeInteger(annualRatePpm) || annualRatePpm < 0) throw new DomainError('年利率不能为负数');
  if (!Number.isInteger(months) || months < 1 || months > MAX_SCHEDULE_MONTHS) {
    throw new DomainError(`期限必须是1到${MAX_SCHEDULE_MONTHS}之间的整数月`);
  }
  if (!isRepaymentMethod(method)) throw new DomainError('还款方式不正确');
  if (typeof startDate !== 'string' || !isIsoDate(startDate)) throw new DomainError('起息日格式不正确，应为YYYY-MM-DD');
}

function totalsOf(rows: ScheduleRow[]): Schedule['totals'] {
  return {
    payment: sumCents(rows.map((row) => row.payment)),
    principal: sumCents(rows.map((row) => row.principal)),
    interest: sumCents(rows.map((row) => row.interest)),
  };
}

/**
 * The whole schedule of a loan. The same function with the same input gives the trial a user sees
 * and the plan booked at drawdown, row for row.
 */
export function buildSchedule(input: ScheduleInput): Schedule {
  validate(input);
  const { principal, annualRatePpm, months, method, startDate } = input;

  if (method === 'BULLET') {
    const dueDate = addMonths(startDate, months);
    const interest = interestBetween(principal, annualRatePpm, startDate, dueDate);
    const rows = [{ period: 1, dueDate, payment: addCents(principal, interest), principal, interest, remaining: cents(0) }];
    return { rows, totals: totalsOf(rows), shortenedFrom: null };
  }

  const instalment = equalInstalmentPayment(principal, annualRatePpm, months);
  const equalPrincipal = toCents(divHalfUp(BigInt(principal), BigInt(months)));
  const rows: ScheduleRow[] = [];
  let balance = principal;
  for (let period = 1; period <= months; period += 1) {
    const interest = monthlyInterest(balance, annualRatePpm);
    let principalPart: Cents;
    if (period === months) principalPart = balance;
    else if (method === 'INTEREST_FIRST') principalPart = cents(0);
    else if (method === 'EQUAL_PRINCIPAL') principalPart = equalPrincipal;
    else principalPart = interest > instalment ? cents(0) : subCents(instalment, interest);
    // Rounding up on small amounts must never repay more than is owed before the last period.
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

  // Rounding the instalment (or the equal principal) up can repay the loan before its last month;
  // the periods after that would ask for ¥0.00, so the schedule ends with the last real payment.
  let end = rows.length;
  while (end > 1 && rows[end - 1].payment === 0) end -= 1;
  const kept = end < rows.length ? rows.slice(0, end) : rows;
  return { rows: kept, totals: totalsOf(kept), shortenedFrom: end < rows.length ? months : null };
}
