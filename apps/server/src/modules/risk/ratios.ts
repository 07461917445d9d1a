// The supervisory ratios (issue 27, 银保监办发〔2019〕205号) of the factor's own book against the limits
// configured: risk assets / net assets, one debtor's receivables / risk assets, the related parties'
// share, one borrower's principal against its cap. The same checks serve the live view, the daily
// snapshot and the limit gate of approvals (the book after the decision). Comparisons are exact
// integer arithmetic (BigInt); the ppm figures shown are rounded.
import { RISK_LEVEL_LABELS, type RatioCheck, type RatiosAnswer, type RiskLevel, type RiskLimits } from '@factoring/domain/contract';
import { formatYuan, type IsoDate } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { BookAddition } from '../bpm/index.ts';
import type { Book, Position } from './book.ts';
import { readRiskLimits } from './limits.ts';
import { bucketsOf, reserveOf } from './reserve.ts';

const M = 1_000_000n;

/** The principal of the factor's book by debtor (the position's `debtorId`: receivables only, a goods pledge has none), by borrower, and in all. */
export interface BookFigures {
  riskAssets: number;
  byDebtor: Map<number, { name: string; principal: number }>;
  byBorrower: Map<number, { name: string; principal: number }>;
  /** Principal of the financings whose borrower or debtor is a related party. */
  related: number;
}

export function figuresOf(factor: Position[], relatedIds: readonly number[]): BookFigures {
  const related = new Set(relatedIds);
  const f: BookFigures = { riskAssets: 0, byDebtor: new Map(), byBorrower: new Map(), related: 0 };
  for (const p of factor) {
    f.riskAssets += p.principal;
    if (p.debtorId !== null) {
      const d = f.byDebtor.get(p.debtorId) ?? { name: p.debtorName ?? `#${p.debtorId}`, principal: 0 };
      d.principal += p.principal;
      f.byDebtor.set(p.debtorId, d);
    }
    const b = f.byBorrower.get(p.borrowerId) ?? { name: p.borrowerName, principal: 0 };
    b.principal += p.principal;
    f.byBorrower.set(p.borrowerId, b);
    if (related.has(p.borrowerId) || (p.debtorId !== null && related.has(p.debtorId))) f.related += p.principal;
  }
  return f;
}

/** The book with a decision's principal added (its names looked up by the caller when new). */
export function withAddition(
  f: BookFigures,
  a: BookAddition,
  names: { borrower: string; debtor: string | null },
  relatedIds: readonly number[],
) {
  const byDebtor = new Map(f.byDebtor);
  const byBorrower = new Map(f.byBorrower);
  if (a.debtorId !== null) {
    const d = byDebtor.get(a.debtorId);
    byDebtor.set(a.debtorId, { name: d?.name ?? names.debtor ?? `#${a.debtorId}`, principal: (d?.principal ?? 0) + a.principal });
  }
  const b = byBorrower.get(a.borrowerId);
  byBorrower.set(a.borrowerId, { name: b?.name ?? names.borrower, principal: (b?.principal ?? 0) + a.principal });
  const isRelated = relatedIds.includes(a.borrowerId) || (a.debtorId !== null && relatedIds.includes(a.debtorId));
  return { riskAssets: f.riskAssets + a.principal, byDebtor, byBorrower, related: f.related + (isRelated ? a.principal : 0) };
}

export const pct = (ppm: number) => `${(ppm / 10_000).toFixed(2)}%`;
const times = (ppm: number) => `${(ppm / 1_000_000).toFixed(2)} 倍`;
const yuan = (cents: number) => `¥${formatYuan(cents)}`;
const ratioPpm = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1_000_000) / whole) : 0);

/** part / whole against limit (ppm): BREACH past it, WARNING from `warning` (ppm) of it, exactly. */
function levelOf(part: number, whole: number, limitPpm: number, warningPpm: number): RiskLevel {
  const p = BigInt(part) * M * M;
  if (p > BigInt(limitPpm) * BigInt(whole) * M) return 'BREACH';
  if (p >= BigInt(limitPpm) * BigInt(warningPpm) * BigInt(whole)) return 'WARNING';
  return 'NORMAL';
}

/** An amount against its cap (cents): BREACH past it, WARNING from `warning` (ppm) of it. */
function amountLevelOf(amount: number, cap: number, warningPpm: number): RiskLevel {
  if (amount > cap) return 'BREACH';
  if (BigInt(amount) * M >= BigInt(cap) * BigInt(warningPpm)) return 'WARNING';
  return 'NORMAL';
}

function wordsOf(figure: string, level: RiskLevel, limit: string, warningPpm: number) {
  if (level === 'BREACH') return `${figure}，超过上限 ${limit}`;
  if (level === 'WARNING') return `${figure}，已达上限 ${limit} 的预警水平 ${pct(warningPpm)}`;
  return `${figure}，上限 ${limit}`;
}

/** Which checks to make: the whole book's worst (the live view), or one decision's debtor and borrower. */
export interface Focus {
  debtorId: number | null;
  borrowerId: number;
  /** Whether the decision adds to the related parties' share (only then is that limit enforced). */
  related: boolean;
}

export function checksOf(l: RiskLimits, f: BookFigures, focus?: Focus): RatioCheck[] {
  const w = l.warningLevelPpm;
  const checks: RatioCheck[] = [];
  const leverage = ratioPpm(f.riskAssets, l.netAssets);
  const leverageLevel = levelOf(f.riskAssets, l.netAssets, l.maxLeveragePpm, w);
  checks.push({
    key: 'LEVERAGE',
    label: '风险资产 / 净资产',
    subject: null,
    unit: 'PPM',
    value: leverage,
    limit: l.maxLeveragePpm,
    level: leverageLevel,
    enforced: true,
    words: wordsOf(
      `风险资产 ${yuan(f.riskAssets)} 为净资产 ${yuan(l.netAssets)} 的 ${times(leverage)}`,
      leverageLevel,
      times(l.maxLeveragePpm),
      w,
    ),
  });
  const concentrated = f.riskAssets >= l.concentrationFloor;
  const belowFloor = concentrated ? '' : `（风险资产未达集中度起算规模 ${yuan(l.concentrationFloor)}，仅列示）`;
  const worst = [...f.byDebtor].sort((a, b) => b[1].principal - a[1].principal || a[0] - b[0])[0];
  const debtor = focus ? (focus.debtorId === null ? undefined : ([focus.debtorId, f.byDebtor.get(focus.debtorId)!] as const)) : worst;
  if (debtor?.[1]) {
    const [, d] = debtor;
    const level = levelOf(d.principal, f.riskAssets, l.maxDebtorSharePpm, w);
    checks.push({
      key: 'DEBTOR',
      label: '单一债务人占风险资产',
      subject: d.name,
      unit: 'PPM',
      value: ratioPpm(d.principal, f.riskAssets),
      limit: l.maxDebtorSharePpm,
      level,
      enforced: concentrated,
      words:
        wordsOf(`债务人 ${d.name} 占风险资产 ${pct(ratioPpm(d.principal, f.riskAssets))}`, level, pct(l.maxDebtorSharePpm), w) + belowFloor,
    });
  }
  const relatedLevel = levelOf(f.related, f.riskAssets, l.maxRelatedSharePpm, w);
  checks.push({
    key: 'RELATED',
    label: '关联方占风险资产',
    subject: null,
    unit: 'PPM',
    value: ratioPpm(f.related, f.riskAssets),
    limit: l.maxRelatedSharePpm,
    level: relatedLevel,
    enforced: concentrated && (focus ? focus.related : true),
    words:
      wordsOf(`关联方占风险资产 ${pct(ratioPpm(f.related, f.riskAssets))}`, relatedLevel, pct(l.maxRelatedSharePpm), w) +
      (l.relatedPartyIds.length ? belowFloor : '（尚未登记关联方）'),
  });
  const biggest = [...f.byBorrower].sort((a, b) => b[1].principal - a[1].principal || a[0] - b[0])[0];
  const borrower = focus ? ([focus.borrowerId, f.byBorrower.get(focus.borrowerId)!] as const) : biggest;
  if (borrower?.[1]) {
    const [, b] = borrower;
    const level = amountLevelOf(b.principal, l.maxBorrowerPrincipal, w);
    checks.push({
      key: 'BORROWER',
      label: '单一借款人融资余额',
      subject: b.name,
      unit: 'CENTS',
      value: b.principal,
      limit: l.maxBorrowerPrincipal,
      level,
      enforced: true,
      words: wordsOf(
        `借款人 ${b.name} 融资余额 ${yuan(b.principal)}（占风险资产 ${pct(ratioPpm(b.principal, f.riskAssets))}）`,
        level,
        yuan(l.maxBorrowerPrincipal),
        w,
      ),
    });
  }
  return checks;
}

export const levelLabel = (c: RatioCheck) => RISK_LEVEL_LABELS[c.level];

/** The live ratios of the book on its day, against the limits as configured. */
export async function ratios(db: Db | Tx, asOf: IsoDate, book: Book): Promise<RatiosAnswer> {
  const limits = await readRiskLimits(db);
  const { factor } = book;
  const f = figuresOf(factor, limits.relatedPartyIds);
  const npl = factor.filter((p) => p.nonPerforming).reduce((s, p) => s + p.principal, 0);
  return {
    asOf,
    riskAssets: f.riskAssets,
    netAssets: limits.netAssets,
    checks: checksOf(limits, f),
    nonPerformingRatioPpm: ratioPpm(npl, f.riskAssets),
    requiredReserve: reserveOf(bucketsOf(factor), limits.reserveRatesPpm).requiredReserve,
  };
}
