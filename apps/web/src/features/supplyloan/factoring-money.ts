import type { CollectionState } from '@factoring/domain/contract';
import { tryParseYuan, normalizeYuanText } from '../../lib/money.ts';

// Factoring money (issue 36) on the supplier's drawer and the operator's desk: the colours of the collection states
// (the words are the contract's COLLECTION_STATE_LABELS, sent as `stateLabel`), the settlement as the pages write it,
// and the misdirected-payment form read into the contract's body.

export { COLLECTION_STATE_COLORS } from '../../lib/collection-state-colors.ts';

/** The states where the factor still waits for money (a row the operator may record a misdirected payment on). */
export const OPEN_COLLECTION_STATES: ReadonlySet<CollectionState> = new Set([
  'AWAITING',
  'PARTLY_COLLECTED',
  'IN_GRACE',
  'BUYBACK_DUE',
  'WRITE_OFF_DUE',
]);

export interface Settlement {
  collected: number;
  advanced: number;
  interest: number;
  fees: number;
  penalty: number;
  rebate: number;
  writtenOff: number;
}

export interface SettlementLine {
  key: keyof Settlement;
  label: string;
  /** −1 for what is taken off the collected sum; 0 for the result lines. */
  sign: 1 | -1 | 0;
  cents: number;
}

/**
 * The settlement of a factored financing written as the law's sum (民法典 art. 766): collected − advanced − interest −
 * fees − penalty = rebate to the supplier; a write-off (without recourse) is its own line, covering what the debtor
 * never paid.
 */
export function settlementLines(s: Settlement): SettlementLine[] {
  const lines: SettlementLine[] = [
    { key: 'collected', label: '回款合计', sign: 1, cents: s.collected },
    { key: 'advanced', label: '已放款（实际到账）', sign: -1, cents: s.advanced },
    { key: 'interest', label: '利息（扣除退还）', sign: -1, cents: s.interest },
    { key: 'fees', label: '服务费', sign: -1, cents: s.fees },
    { key: 'penalty', label: '罚息', sign: -1, cents: s.penalty },
    { key: 'rebate', label: '返还供应商', sign: 0, cents: s.rebate },
  ];
  if (s.writtenOff > 0) lines.push({ key: 'writtenOff', label: '无追索权核销', sign: 0, cents: s.writtenOff });
  return lines;
}

/**
 * What the sum lacks to come out at the rebate, to the cent (> 0 not covered, < 0 a surplus not rebated): 0 once the
 * financing is settled from collections. While the debtor has not paid yet the sum is open by design — the page then
 * says the settlement is fixed at the end instead of showing this.
 */
export const settlementGap = (s: Settlement) => s.rebate - (s.collected + s.writtenOff - s.advanced - s.interest - s.fees - s.penalty);

/** Whether the settlement's sum comes out at the rebate (the financing's money is all accounted for). */
export const settlementBalances = (s: Settlement) => settlementGap(s) === 0;

/** How the settlement reads: open (fixed when collected), closed from collections (the sum holds), or repaid by the supplier itself. */
export function settlementStage(state: CollectionState, collections: number): 'open' | 'closed' | 'repaid' {
  if (OPEN_COLLECTION_STATES.has(state)) return 'open';
  return state === 'SETTLED' && collections === 0 ? 'repaid' : 'closed';
}

export interface MisdirectedValues {
  amount?: string;
  payerName?: string;
  /** YYYY-MM-DD (the form's date picker, formatted). */
  receivedOn?: string;
  note?: string;
}

/**
 * The misdirected-payment form read into the contract's body: the yuan amount as integer cents by the shared money
 * rule (full-width digits too, never float × 100), the names trimmed, an empty note left out. Null while the form is
 * not complete (its own rules say what is missing).
 */
export function misdirectedBodyOf(v: MisdirectedValues): { amount: number; payerName: string; receivedOn: string; note?: string } | null {
  const amount = tryParseYuan(normalizeYuanText(v.amount));
  const payerName = v.payerName?.trim();
  const receivedOn = v.receivedOn?.trim();
  if (amount === null || !payerName || !receivedOn || !/^\d{4}-\d{2}-\d{2}$/.test(receivedOn)) return null;
  const note = v.note?.trim();
  return { amount, payerName, receivedOn, ...(note ? { note } : {}) };
}
