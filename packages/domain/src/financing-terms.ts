// The terms of a supply-chain financing (PRODUCT §6), one rule each, shared by the server (apply,
// trial, disbursement, extension, contract) and the web (hint, inline validation, trial, extension
// page): how much may be financed, which price a term gets, when it falls due and how an extension
// is priced. Each rule exists only here, so what the browser shows is what the server books.
import { addDays, compareIsoDates, daysBetween, type IsoDate } from './dates.ts';
import { DomainError } from './errors.ts';
import { interestByDays } from './interest.ts';
import { cents, formatYuan, formatPercent, PPM, subCents, type Cents, type RatePpm } from './money.ts';

// ---------------------------------------------------------------------------------------------
// How much may be financed
// ---------------------------------------------------------------------------------------------

/**
 * The advance-rate cap: receivables × advance rate, rounded **down** to the cent — a cap never
 * allows more than its exact value (7,777,777.77 × 70 % = 5,444,444.439 → 5,444,444.43).
 */
export function advanceCap(receivables: Cents | number, advanceRatePpm: RatePpm): Cents {
  const amount = cents(receivables);
  if (amount < 0) throw new DomainError('应收账款金额不能为负数');
  if (!Number.isSafeInteger(advanceRatePpm) || advanceRatePpm < 0) throw new DomainError('融资比例不正确');
  return cents(Number((BigInt(amount) * BigInt(advanceRatePpm)) / BigInt(PPM)));
}

export interface FinancingLimitInput {
  /** Available credit on the line (limit − used − reserved). */
  available: Cents | number;
  advanceRatePpm: RatePpm;
  /** The chosen receivables (invoices or order amount); null while none is chosen. */
  receivables: Cents | number | null;
}

export interface FinancingLimit {
  /** min(available credit, advance rate × receivables); null while no receivable is chosen. */
  maxAmount: Cents | null;
  /** The advance-rate cap alone (null without receivables). */
  advanceCap: Cents | null;
  available: Cents;
  /** Which of the two bounds decides the maximum. */
  boundBy: 'CREDIT' | 'ADVANCE_RATE' | null;
}

/** The most that may be applied for: min(available credit, advance rate × chosen receivables). */
export function financingLimit(input: FinancingLimitInput): FinancingLimit {
  const available = cents(Math.max(0, input.available));
  if (input.receivables === null || input.receivables <= 0) return { maxAmount: null, advanceCap: null, available, boundBy: null };
  const cap = advanceCap(input.receivables, input.advanceRatePpm);
  return cap <= available
    ? { maxAmount: cap, advanceCap: cap, available, boundBy: 'ADVANCE_RATE' }
    : { maxAmount: available, advanceCap: cap, available, boundBy: 'CREDIT' };
}

/** Why an amount cannot be applied for (Chinese, the same words in the form, the trial and on submit), or null. */
export function financingAmountProblem(amount: number, input: FinancingLimitInput): string | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return '融资金额必须大于0';
  const limit = financingLimit(input);
  if (limit.advanceCap !== null && amount > limit.advanceCap) {
    return `融资金额超过可融资额度：应收账款 ${formatYuan(input.receivables)} 元 × 融资比例 ${formatPercent(input.advanceRatePpm)} = ${formatYuan(limit.advanceCap)} 元`;
  }
  if (amount > limit.available) return `融资金额超过可用授信额度（可用 ${formatYuan(limit.available)} 元）`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Which price a term gets
// ---------------------------------------------------------------------------------------------

export interface PriceBracket {
  minDays: number;
  maxDays: number;
  annualRatePpm: RatePpm;
  serviceFeeRatePpm: RatePpm;
}

export interface TermPricing {
  annualRatePpm: RatePpm;
  serviceFeeRatePpm: RatePpm;
  maxTermDays: number;
  priceList: readonly PriceBracket[];
}

export interface TermPrice {
  annualRatePpm: RatePpm;
  serviceFeeRatePpm: RatePpm;
  /** The price-list bracket the term falls in; null: the platform's base rate and fee. */
  bracket: PriceBracket | null;
}

/** Why a term (in days) cannot be financed on a platform, or null. */
export function termProblem(termDays: number, maxTermDays: number): string | null {
  if (!Number.isSafeInteger(termDays)) return '融资期限必须是整数天';
  if (termDays < 1) return '融资期限至少 1 天';
  if (termDays > maxTermDays) return `融资期限不能超过平台最长期限 ${maxTermDays} 天`;
  return null;
}

/**
 * The rate and fee of a term: the price-list bracket that contains it, else the platform's base.
 * A term beyond the platform maximum has no price: it is refused, never priced at the base rate.
 */
export function priceForTerm(pricing: TermPricing, termDays: number): TermPrice {
  const problem = termProblem(termDays, pricing.maxTermDays);
  if (problem) throw new DomainError(problem);
  const bracket = pricing.priceList.find((b) => termDays >= b.minDays && termDays <= b.maxDays) ?? null;
  return bracket
    ? { annualRatePpm: bracket.annualRatePpm, serviceFeeRatePpm: bracket.serviceFeeRatePpm, bracket }
    : { annualRatePpm: pricing.annualRatePpm, serviceFeeRatePpm: pricing.serviceFeeRatePpm, bracket: null };
}

// ---------------------------------------------------------------------------------------------
// When it falls due (one day count: trial, booking and contract)
// ---------------------------------------------------------------------------------------------

/**
 * The due date of a term: the value date (起息日 = the disbursement date) plus the term in days.
 * Interest runs from the value date inclusive to the due date exclusive, so a term of N days
 * earns N days of interest (放款日 2026-01-01, 60 天 → 到期日 2026-03-02).
 */
export function dueDateOf(valueDate: IsoDate, termDays: number): IsoDate {
  return addDays(valueDate, termDays);
}

/** The day-count rule in words, the same on the trial, the financing and the contract. */
export const DUE_DATE_RULE = '到期日 = 放款日（起息日）+ 融资期限天数；计息自放款日（含）至到期日（不含）';

/** How a contract written before disbursement states the due date of an N-day term (the trial says "放款日 + N 天"). */
export function dueDateWording(termDays: number): string {
  return `放款日加 ${termDays} 天`;
}

/** How a contract states the day count (the same rule as DUE_DATE_RULE). */
export const DAY_COUNT_WORDING = '按实际天数计息（实际天数/360，自起息日（含）起至到期日（不含）止）';

// ---------------------------------------------------------------------------------------------
// Extensions (展期)
// ---------------------------------------------------------------------------------------------

export interface ExtensionPricingInput {
  /** Outstanding principal of the tranche. */
  outstanding: Cents | number;
  /** The rate the tranche carries now. */
  currentRatePpm: RatePpm;
  /** The value date (disbursement date) of the tranche. */
  startDate: IsoDate;
  /**
   * Where the interest on today's outstanding principal is counted from: the value date, or the
   * last day the principal changed (in arrears); the value date for interest taken upfront.
   */
  accrualFrom: IsoDate;
  oldDueDate: IsoDate;
  newDueDate: IsoDate;
}

export interface ExtensionPricing {
  /** Value date → new due date. */
  totalDays: number;
  /** Old due date → new due date. */
  extraDays: number;
  /** The rate of the extended tranche: the bracket of the total term, never below the current rate. */
  annualRatePpm: RatePpm;
  /** The price-list bracket of the total term (null: the base rate). */
  bracket: PriceBracket | null;
  /** The rate changed because the total term falls in a dearer bracket. */
  repriced: boolean;
  /** What the extension adds to the interest: interest to the new due date − interest to the old one. */
  extraInterest: Cents;
}

/**
 * The extension rule (PRODUCT §6 delayApply "the due date and interest change accordingly"):
 * an extended financing costs what a financing for the whole new term would have cost.
 *
 * - The total term (value date → new due date) must stay within the platform maximum.
 * - Its rate is the price-list bracket of the total term, never below the rate already agreed
 *   (an extension is never cheaper than applying for the longer term at once); the service fee
 *   is not charged again.
 * - The extra interest is the difference of two whole-period figures, each rounded once:
 *   interest(outstanding, new rate, accrualFrom → new due) − interest(outstanding, old rate,
 *   accrualFrom → old due). Interest accrues over that same whole period from the same day, so
 *   what was shown (original interest + extra) is exactly what is collected — one rounding for
 *   the whole life of the financing, no cent lost or gained between the pieces.
 */
export function extensionPricing(pricing: TermPricing, input: ExtensionPricingInput): ExtensionPricing {
  if (compareIsoDates(input.newDueDate, input.oldDueDate) <= 0) throw new DomainError(`新到期日必须晚于当前到期日 ${input.oldDueDate}`);
  const totalDays = daysBetween(input.startDate, input.newDueDate);
  if (totalDays > pricing.maxTermDays) {
    throw new DomainError(`展期后融资期限 ${totalDays} 天，超过平台最长期限 ${pricing.maxTermDays} 天`);
  }
  const price = priceForTerm(pricing, totalDays);
  const annualRatePpm = Math.max(price.annualRatePpm, input.currentRatePpm);
  const outstanding = cents(input.outstanding);
  const before = interestByDays(outstanding, input.currentRatePpm, Math.max(0, daysBetween(input.accrualFrom, input.oldDueDate)));
  const after = interestByDays(outstanding, annualRatePpm, Math.max(0, daysBetween(input.accrualFrom, input.newDueDate)));
  return {
    totalDays,
    extraDays: daysBetween(input.oldDueDate, input.newDueDate),
    annualRatePpm,
    bracket: price.bracket,
    repriced: annualRatePpm !== input.currentRatePpm,
    extraInterest: subCents(after, before),
  };
}

/** The extension rule in words, shown where an extension is requested and decided. */
export const EXTENSION_RULE =
  '展期后按总期限（放款日至新到期日）所在价格档位的年化利率计息（不低于原利率），展期利息 = 按新利率计至新到期日的利息 − 按原利率计至原到期日的利息；不再收取服务费。';
