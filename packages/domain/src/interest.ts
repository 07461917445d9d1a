// Interest by days on actual/360 and factoring charges (PRODUCT §2). Each figure is rounded
// half-up to the cent exactly once, after the exact product.
import { daysBetween, type IsoDate } from './dates.ts';
import { DomainError } from './errors.ts';
import { addCents, cents, PPM, subCents, type Cents, type RatePpm } from './money.ts';
import { applyRatePpm } from './money-rates.ts';
import { Dec, roundHalfUp } from './precise.ts';

export const DAY_COUNT_BASIS = 360;
export const DEFAULT_PENALTY_MULTIPLIER_PPM: RatePpm = 1_500_000;

export type InterestMode = 'UPFRONT' | 'ARREARS';

export const INTEREST_MODE_LABELS: Readonly<Record<InterestMode, string>> = {
  UPFRONT: '预收息',
  ARREARS: '利随本清',
};

export const INTEREST_MODES: readonly { value: InterestMode; label: string }[] = [
  { value: 'UPFRONT', label: INTEREST_MODE_LABELS.UPFRONT },
  { value: 'ARREARS', label: INTEREST_MODE_LABELS.ARREARS },
];

export function isInterestMode(value: unknown): value is InterestMode {
  return value === 'UPFRONT' || value === 'ARREARS';
}

function nonNegativeCents(value: Cents, what: string): Cents {
  const amount = cents(value);
  if (amount < 0) throw new DomainError(`${what}不能为负数`);
  return amount;
}

function nonNegativeInteger(value: number, message: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new DomainError(message);
  return value;
}

/** principal × annualRate × days / 360, rounded half-up to the cent. */
export function interestByDays(principal: Cents, annualRatePpm: RatePpm, days: number): Cents {
  const p = nonNegativeCents(principal, '本金');
  const rate = nonNegativeInteger(annualRatePpm, '年利率必须是非负整数（百万分之一）');
  const d = nonNegativeInteger(days, '计息天数必须是非负整数');
  return cents(
    roundHalfUp(
      new Dec(p)
        .mul(rate)
        .mul(d)
        .div(PPM * DAY_COUNT_BASIS),
    ).toNumber(),
  );
}

/** principal × annualRate × days / 360, rounded DOWN to the cent: what is given back (unused prepaid interest). */
export function interestByDaysDown(principal: Cents, annualRatePpm: RatePpm, days: number): Cents {
  const p = nonNegativeCents(principal, '本金');
  const rate = nonNegativeInteger(annualRatePpm, '年利率必须是非负整数（百万分之一）');
  const d = nonNegativeInteger(days, '计息天数必须是非负整数');
  // Integers all the way: floor((p × rate × d) / (1e6 × 360)).
  return cents(Number((BigInt(p) * BigInt(rate) * BigInt(d)) / BigInt(PPM * DAY_COUNT_BASIS)));
}

/** Interest from start (inclusive) to end (exclusive); zero when end is not after start. */
export function interestBetween(principal: Cents, annualRatePpm: RatePpm, startIso: IsoDate, endIso: IsoDate): Cents {
  return interestByDays(principal, annualRatePpm, Math.max(0, daysBetween(startIso, endIso)));
}

/** 罚息: overdue principal × daily rate (annual/360) × multiplier × overdue days. */
export function penaltyInterest(overduePrincipal: Cents, annualRatePpm: RatePpm, multiplierPpm: RatePpm, overdueDays: number): Cents {
  const p = nonNegativeCents(overduePrincipal, '逾期本金');
  const rate = nonNegativeInteger(annualRatePpm, '年利率必须是非负整数（百万分之一）');
  const multiplier = nonNegativeInteger(multiplierPpm, '罚息倍数必须是非负整数（百万分之一）');
  const d = nonNegativeInteger(overdueDays, '逾期天数必须是非负整数');
  const exact = new Dec(p)
    .mul(rate)
    .mul(multiplier)
    .mul(d)
    .div(PPM * PPM * DAY_COUNT_BASIS);
  return cents(roundHalfUp(exact).toNumber());
}

/** A flat fee on the principal (not per annum), rounded half-up. */
export function serviceFee(principal: Cents, feeRatePpm: RatePpm): Cents {
  const p = nonNegativeCents(principal, '本金');
  return applyRatePpm(p, nonNegativeInteger(feeRatePpm, '服务费率必须是非负整数（百万分之一）'));
}

export interface FinancingChargesInput {
  principal: Cents;
  annualRatePpm: RatePpm;
  days: number;
  serviceFeeRatePpm: RatePpm;
  interestMode: InterestMode;
}

export interface FinancingCharges {
  interest: Cents;
  serviceFee: Cents;
  /** What reaches the borrower at disbursement. */
  netDisbursed: Cents;
  /** What the borrower owes on the due date. */
  dueAtMaturity: Cents;
}

/**
 * UPFRONT (预收息): interest and fee are deducted at disbursement, principal is due at maturity.
 * ARREARS (利随本清): the fee is deducted at disbursement, principal plus interest is due.
 */
export function financingCharges(input: FinancingChargesInput): FinancingCharges {
  if (!isInterestMode(input.interestMode)) throw new DomainError('计息方式不正确');
  const principal = nonNegativeCents(input.principal, '融资金额');
  const interest = interestByDays(principal, input.annualRatePpm, input.days);
  const fee = serviceFee(principal, input.serviceFeeRatePpm);
  const upfront = input.interestMode === 'UPFRONT';
  const netDisbursed = subCents(principal, upfront ? addCents(interest, fee) : fee);
  if (netDisbursed < 0) throw new DomainError('利息和服务费超过融资金额');
  return {
    interest,
    serviceFee: fee,
    netDisbursed,
    dueAtMaturity: upfront ? principal : addCents(principal, interest),
  };
}
