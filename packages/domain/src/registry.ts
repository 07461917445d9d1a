// The movable-property financing registry (动产融资统一登记公示系统, "中登网"; issue 36, PRODUCT §13): its
// numbers, periods, statuses and acts, and who wins when one receivable is assigned twice (民法典 art. 768).
// Pure rules, no I/O: the registry itself sits behind the server's `RegistryAdapter` port.
import { addMonths, compareIsoDates, type IsoDate } from './dates.ts';
import { invoiceLabel } from './receivables.ts';
import { defineLifecycle } from './state-machine.ts';

/**
 * 登记期限: chosen by the registrant (担保权人) at registration, in whole years here, at most 30
 * (《动产和权利担保统一登记办法》, 中国人民银行令〔2021〕第7号); an extension (展期登记) adds years before the
 * period runs out, the whole period still at most 30 years.
 */
export const REGISTRATION_YEARS = { min: 1, max: 30, default: 1 } as const;

/** A registration due to expire within this many days is on the operator's list (and may be extended). */
export const EXPIRY_WARNING_DAYS = 30;

/**
 * Once the assigned receivable is settled or bought back, the registrant must cancel (注销登记) within
 * 10 working days (《动产和权利担保统一登记办法》); the portal cancels at that day's close of business.
 */
export const CANCEL_WITHIN_WORKING_DAYS = 10;

export type RegistrationStatus = 'VALID' | 'CANCELLED';

/**
 * A registration as the registry stores it: VALID from the initial registration until it is cancelled
 * (注销, for good). Its period running out is not an act: `standingOn` tells it from the date.
 */
export const registrationLifecycle = defineLifecycle<RegistrationStatus>(
  { VALID: ['CANCELLED'], CANCELLED: [] },
  { VALID: '有效', CANCELLED: '已注销' },
);
export const REGISTRATION_STATUSES = registrationLifecycle.states;

/** Where a registration stands on a day: valid, expired (its period ran out), or cancelled. */
export type RegistrationStanding = 'VALID' | 'EXPIRED' | 'CANCELLED';
export const REGISTRATION_STANDING_LABELS: Readonly<Record<RegistrationStanding, string>> = {
  VALID: '有效',
  EXPIRED: '已到期失效',
  CANCELLED: '已注销',
};

/** A VALID registration is EXPIRED from the day after its 登记到期日 (`expiresOn`, the last valid day). */
export function standingOn(r: { status: string; expiresOn: IsoDate }, today: IsoDate): RegistrationStanding {
  if (r.status === 'CANCELLED') return 'CANCELLED';
  return compareIsoDates(today, r.expiresOn) > 0 ? 'EXPIRED' : 'VALID';
}

/** 登记到期日: the anniversary of the registration after `years` (valid through that day). */
export function expiryOf(registeredOn: IsoDate, years: number): IsoDate {
  return addMonths(registeredOn, 12 * years);
}

/** Why `years` is not a period the registry takes, or null. */
export function periodProblem(years: number): string | null {
  if (!Number.isInteger(years) || years < REGISTRATION_YEARS.min || years > REGISTRATION_YEARS.max)
    return `登记期限应为 ${REGISTRATION_YEARS.min} 至 ${REGISTRATION_YEARS.max} 年的整数年`;
  return null;
}

/** Why a registration may not be extended by `years` on `today`, or null: valid, not yet expired, the whole period ≤ 30 years. */
export function extensionProblem(r: { status: string; expiresOn: IsoDate; years: number }, years: number, today: IsoDate): string | null {
  const standing = standingOn(r, today);
  if (standing === 'CANCELLED') return '登记已注销，不能展期';
  if (standing === 'EXPIRED') return `登记已于 ${r.expiresOn} 到期失效，不能展期，请重新办理初始登记`;
  if (!Number.isInteger(years) || years < 1) return '展期年限应为正整数';
  if (r.years + years > REGISTRATION_YEARS.max)
    return `展期后登记期限共 ${r.years + years} 年，超过 ${REGISTRATION_YEARS.max} 年上限（已登记 ${r.years} 年）`;
  return null;
}

/** What the registry records: the initial registration and each later act on it, each with its own number and certificate. */
export type RegistryAct = 'INITIAL' | 'AMENDMENT' | 'EXTENSION' | 'CANCELLATION';
export const REGISTRY_ACT_LABELS: Readonly<Record<RegistryAct, string>> = {
  INITIAL: '初始登记',
  AMENDMENT: '变更登记',
  EXTENSION: '展期登记',
  CANCELLATION: '注销登记',
};
export const REGISTRY_ACTS = Object.keys(REGISTRY_ACT_LABELS) as RegistryAct[];

// ---------------------------------------------------------------------------------------------
// Numbers (登记编号 / 查询证明编号)
// ---------------------------------------------------------------------------------------------

/**
 * The local registry numbers every act and every search with 20 digits, the registry's length:
 * a leading kind digit (0 — a registration act: initial, amendment, extension, cancellation;
 * 1 — a search certificate 查询证明), the China date of the act (YYYYMMDD), a 10-digit sequence
 * of the registry, and a check digit (Luhn, over the first 19). A mistyped digit, or two
 * neighbouring digits swapped, fails the check.
 */
export type RegistryNumberKind = 'ACT' | 'SEARCH';
const KIND_DIGIT: Readonly<Record<RegistryNumberKind, string>> = { ACT: '0', SEARCH: '1' };

/** The Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, every other digit (starting with the rightmost) is doubled: the check digit goes after it.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function registryNumber(kind: RegistryNumberKind, day: IsoDate, seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1 || seq >= 1e10) throw new RangeError(`registry sequence out of range: ${seq}`);
  const body = `${KIND_DIGIT[kind]}${day.replaceAll('-', '')}${String(seq).padStart(10, '0')}`;
  return body + luhnDigit(body);
}

/** Whether `text` is a well-formed registry number (of `kind` when given): 20 digits, its check digit right. */
export function isRegistryNumber(text: string, kind?: RegistryNumberKind): boolean {
  if (!/^\d{20}$/.test(text)) return false;
  if (kind && text[0] !== KIND_DIGIT[kind]) return false;
  if (!kind && !Object.values(KIND_DIGIT).includes(text[0])) return false;
  return luhnDigit(text.slice(0, 19)) === text[19];
}

// ---------------------------------------------------------------------------------------------
// Priority (民法典 art. 768)
// ---------------------------------------------------------------------------------------------

/** A receivable as a registration describes it, with the instant it was added (the initial registration or a change). */
export interface RegisteredReceivableRef {
  invoiceCode: string;
  invoiceNumber: string;
  addedAt: string;
}

/** A registration found by a search (by the transferor), as the conflict rule reads it. */
export interface SearchFinding {
  registrationNo: string;
  registrantName: string;
  standing: RegistrationStanding;
  receivables: readonly RegisteredReceivableRef[];
}

export interface EarlierConflict {
  registrationNo: string;
  registrantName: string;
  /** When the other registration came to cover the receivable. */
  since: string;
  invoices: string[];
}

const sameInvoice = (a: { invoiceCode: string; invoiceNumber: string }, b: { invoiceCode: string; invoiceNumber: string }) =>
  invoiceLabel(a.invoiceCode.trim(), a.invoiceNumber.trim()) === invoiceLabel(b.invoiceCode.trim(), b.invoiceNumber.trim());

/**
 * The registrations found that beat the searcher's own on its receivables (民法典 art. 768: the registered
 * factor takes before the unregistered; between registered ones, the earlier registration wins). A
 * finding conflicts when it is another registrant's (not in `own`), stands valid on the search's day,
 * covers one of `invoices`, and came to cover it before the searcher's own registration did — or the
 * searcher has none covering it. A later registration by another does not stop the searcher.
 */
export function earlierConflicts(
  findings: readonly SearchFinding[],
  own: { numbers: readonly string[]; covers: readonly RegisteredReceivableRef[] },
  invoices: readonly { invoiceCode: string; invoiceNumber: string }[],
): EarlierConflict[] {
  const conflicts: EarlierConflict[] = [];
  for (const f of findings) {
    if (own.numbers.includes(f.registrationNo) || f.standing !== 'VALID') continue;
    const hit: string[] = [];
    let since = '';
    for (const invoice of invoices) {
      const theirs = f.receivables.find((r) => sameInvoice(r, invoice));
      if (!theirs) continue;
      const ours = own.covers.find((r) => sameInvoice(r, invoice));
      if (ours && new Date(ours.addedAt).getTime() <= new Date(theirs.addedAt).getTime()) continue;
      hit.push(invoiceLabel(invoice.invoiceCode.trim(), invoice.invoiceNumber.trim()));
      if (!since || theirs.addedAt < since) since = theirs.addedAt;
    }
    if (hit.length) conflicts.push({ registrationNo: f.registrationNo, registrantName: f.registrantName, since, invoices: hit });
  }
  return conflicts;
}
